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
	osFs := afero.NewBasePathFs(afero.NewOsFs(), dir) // a path prefix on the OS's
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

// A Set's RootFiles answers as RootFiles does, from the folders its load
// listed: it opens none of them again.
func TestSetRootFilesTakesTheLoadsListing(t *testing.T) {
	const archive = "testdata/rootfiles.txtar"
	dir := t.TempDir()
	fixture.Dir(t, archive, dir)
	skip := func(d string) bool { return path.Base(d) == "out" }
	keep := func(name string) bool { return !strings.EqualFold(path.Ext(name), ".md") }
	for name, fsys := range map[string]afero.Fs{"in memory": fixture.Mem(t, archive), "OS": afero.NewBasePathFs(afero.NewOsFs(), dir)} {
		s := Load(fsys, []string{"manuals"})
		counted := &fixture.Counting{Fs: fsys}
		got := s.RootFiles(counted, "manuals", skip, keep, 100)
		want := RootFiles(fsys, "manuals", skip, keep, 100)
		same := slices.EqualFunc(got, want, func(a, b SkillFile) bool {
			return a.Path == b.Path && a.Target == b.Target && a.Info.Size() == b.Info.Size()
		})
		if !same || len(want) != 4 {
			t.Errorf("%s: %d files, RootFiles %d (want 4), or they differ", name, len(got), len(want))
		}
		if n := counted.Opens(); n != 0 {
			t.Errorf("%s: %d folders or files opened again", name, n)
		}
	}
}
