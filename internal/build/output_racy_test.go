package build_test

import (
	"bytes"
	"os"
	"path"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/fixture"
)

// TestOutputEditedInTheSameTick: a published file changed right after the
// build that wrote it, to bytes of the same size and within the same tick
// of the file system's clock (same size, same time: stat cannot tell), is
// put right by the next build: a file whose time is that close to the
// build's is compared by its bytes.
func TestOutputEditedInTheSameTick(t *testing.T) {
	// On disk: published files are hard-linked into the next output.
	dir := filepath.ToSlash(t.TempDir())
	fsys := afero.NewOsFs()
	for name, data := range files(t, fixture.Mem(t, siteFixture), ".") {
		p := path.Join(dir, name)
		if err := os.MkdirAll(path.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	aged(t, afero.NewBasePathFs(fsys, dir), time.Hour) // the up-to-date check may trust the inputs
	o := build.RunOptions{Options: build.Options{FS: fsys, Dir: dir}}
	want := files(t, fsys, mustBuild(t, o).Out)

	page := dir + "/public/index.html"
	fi, err := fsys.Stat(page)
	if err != nil {
		t.Fatal(err)
	}
	defaced := bytes.Repeat([]byte("x"), int(fi.Size()))
	if err := afero.WriteFile(fsys, page, defaced, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := fsys.Chtimes(page, fi.ModTime(), fi.ModTime()); err != nil { // the same tick
		t.Fatal(err)
	}

	res := mustBuild(t, o)
	if res.UpToDate {
		t.Error("the build was up to date with a published file changed")
	}
	if !slices.Contains(res.Changed, "index.html") {
		t.Errorf("index.html was not put right (changed: %v)", res.Changed)
	}
	sameOutput(t, "after an edit in the same tick", want, files(t, fsys, res.Out))
}
