package manual

import (
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/fixture"
)

// TestRootFilesKeepsTheWalkOnEveryFileSystem holds RootFiles to one
// answer whether the file system says what each entry is without a
// description (the operating system's) or with one (afero's in memory):
// the same files in path order, with their sizes, skipped folders left
// out, and the names keep refuses never listed.
func TestRootFilesKeepsTheWalkOnEveryFileSystem(t *testing.T) {
	const archive = "testdata/rootfiles.txtar"
	dir := t.TempDir()
	fixture.Dir(t, archive, dir)
	mem := fixture.Mem(t, archive)
	osFs := afero.NewBasePathFs(afero.NewOsFs(), dir) // no ReadDir: the fallback
	plain := afero.NewOsFs()                          // *os.File: ReadDir
	skip := func(d string) bool { return path.Base(d) == "out" }
	keep := func(name string) bool { return !strings.EqualFold(path.Ext(name), ".md") }
	want := []string{"manuals/Z.txt 3", "manuals/a.sh 7", "manuals/sub/c.py 11", "manuals/sub/deep/e.json 3"}
	list := func(fsys afero.Fs, root string) []string {
		var out []string
		for _, f := range RootFiles(fsys, root, skip, keep, 100) {
			out = append(out, strings.TrimPrefix(f.Path, strings.TrimSuffix(root, "manuals"))+" "+strconv.FormatInt(f.Info.Size(), 10))
		}
		return out
	}
	if got := list(mem, "manuals"); !slices.Equal(got, want) {
		t.Errorf("in memory: %q, want %q", got, want)
	}
	if got := list(osFs, "manuals"); !slices.Equal(got, want) {
		t.Errorf("through a base path: %q, want %q", got, want)
	}
	root := filepath.ToSlash(filepath.Join(dir, "manuals"))
	if runtime.GOOS == "windows" {
		return // the path prefix below is a Unix one
	}
	if got := list(plain, root); !slices.Equal(got, want) {
		t.Errorf("on the operating system's: %q, want %q", got, want)
	}
	all := RootFiles(plain, root, skip, nil, 100)
	if len(all) != 6 {
		t.Errorf("without keep: %d files, want the 6 outside skipped folders, Markdown too", len(all))
	}
}
