package build_test

import (
	"bytes"
	"maps"
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
// build's is compared by its bytes. A build settles the files it wrote
// last (output_settle.go), so that no later write can keep their time;
// on a file system whose times cannot be set they stay racy, and it is
// there that a write in the same tick can happen.
func TestOutputEditedInTheSameTick(t *testing.T) {
	// On disk: published files are hard-linked into the next output.
	dir := filepath.ToSlash(t.TempDir())
	disk := afero.NewOsFs()
	writeProject(t, disk, dir)
	fsys := fixedTimes{disk}
	o := build.RunOptions{Options: build.Options{FS: fsys, Dir: dir}}
	want := files(t, fsys, mustBuild(t, o).Out)

	// The file the build wrote last: its time is within the racy margin
	// of the record's however slow the build was (under -race on a busy
	// machine the whole build takes longer than the margin).
	var last string
	var fi os.FileInfo
	for _, name := range slices.Sorted(maps.Keys(want)) {
		st, err := fsys.Stat(dir + "/public/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if fi == nil || st.ModTime().After(fi.ModTime()) {
			last, fi = name, st
		}
	}
	page := dir + "/public/" + last
	defaced := bytes.Repeat([]byte("x"), int(fi.Size()))
	if err := afero.WriteFile(disk, page, defaced, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := disk.Chtimes(page, fi.ModTime(), fi.ModTime()); err != nil { // the same tick
		t.Fatal(err)
	}
	putRight(t, o, want, last, "after an edit in the same tick")
}

// TestOutputSettled: the files a build wrote in its last seconds are
// published with times past the racy margin, so that the build right
// after it trusts their size and time; a file changed right after the
// build, to bytes of the same size, has a later time and is put right.
func TestOutputSettled(t *testing.T) {
	dir := filepath.ToSlash(t.TempDir())
	fsys := afero.NewOsFs()
	writeProject(t, fsys, dir)
	o := build.RunOptions{Options: build.Options{FS: fsys, Dir: dir}}
	want := files(t, fsys, mustBuild(t, o).Out)
	built := time.Now()

	page := dir + "/public/index.html"
	for name := range want {
		fi, err := fsys.Stat(path.Join(dir, "public", name))
		if err != nil {
			t.Fatal(err)
		}
		if age := built.Sub(fi.ModTime()); age <= 3*time.Second {
			t.Errorf("%s was published with a time %v before the build's end, within the racy margin", name, age)
		}
	}
	fi, err := fsys.Stat(page)
	if err != nil {
		t.Fatal(err)
	}
	defaced := bytes.Repeat([]byte("x"), int(fi.Size()))
	if err := afero.WriteFile(fsys, page, defaced, 0o644); err != nil { // its time: the clock's
		t.Fatal(err)
	}
	putRight(t, o, want, "index.html", "after an edit right after the build")
}

// writeProject writes the site fixture into dir on fsys, aged (the
// up-to-date check may trust the inputs).
func writeProject(t *testing.T, fsys afero.Fs, dir string) {
	t.Helper()
	for name, data := range files(t, fixture.Mem(t, siteFixture), ".") {
		p := path.Join(dir, name)
		if err := fsys.MkdirAll(path.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := afero.WriteFile(fsys, p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	aged(t, afero.NewBasePathFs(fsys, dir), time.Hour)
}

// putRight checks that the next build of o finds index.html changed and
// writes the output as want.
func putRight(t *testing.T, o build.RunOptions, want map[string][]byte, name, when string) {
	t.Helper()
	res := mustBuild(t, o)
	if res.UpToDate {
		t.Error("the build was up to date with a published file changed")
	}
	if !slices.Contains(res.Changed, name) {
		t.Errorf("%s was not put right (changed: %v)", name, res.Changed)
	}
	sameOutput(t, when, want, files(t, o.FS, res.Out))
}

// fixedTimes is a file system whose files' times cannot be set.
type fixedTimes struct{ afero.Fs }

func (fixedTimes) Chtimes(string, time.Time, time.Time) error { return os.ErrPermission }
