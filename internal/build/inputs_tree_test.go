package build

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/manual"
)

// walkReference is the input scan's walk as it was before the parallel
// listing: afero.Walk, one entry after the other.
func (s *inputScan) walkReference(root string, skip map[string]bool) {
	err := afero.Walk(s.fsys, root, func(p string, fi fs.FileInfo, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && p == root {
				s.h.String(root).String("missing")
				return nil
			}
			s.ok = false
			return filepath.SkipAll
		}
		p = filepath.ToSlash(p)
		if fi.IsDir() {
			if p != root && (skip[p] || manual.SkippedDir(fi.Name())) {
				return filepath.SkipDir
			}
			s.h.String(p).String("folder")
			return nil
		}
		s.file(p, fi, true)
		if !s.ok {
			return filepath.SkipAll
		}
		return nil
	})
	if err != nil {
		s.ok = false
	}
}

// The parallel listing identifies the inputs as the walk did: the same
// files and folders in the same order, skipped folders left out, on the
// OS file system (with a symbolic link, which makes the scan unreliable)
// and in memory.
func TestListInputsIsWalk(t *testing.T) {
	tree := func(fsys afero.Fs, root string) {
		for i := range 30 {
			for j := range 4 {
				p := fmt.Sprintf("%s/manuals/t%02d/s%d/m%d.md", root, i%7, j%3, i*4+j)
				if err := fsys.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := afero.WriteFile(fsys, p, fmt.Appendf(nil, "# %d\n", i*4+j), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		for _, p := range []string{"manuals/.git/HEAD", "manuals/node_modules/x/y.md", "manuals/public/index.html", "manuals/a.md", "manuals/t00/b.md"} {
			if err := fsys.MkdirAll(filepath.Dir(root+"/"+p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := afero.WriteFile(fsys, root+"/"+p, []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	scan := func(fsys afero.Fs, root string, reference bool) (cache.Key, int, bool) {
		s := &inputScan{fsys: fsys, prev: &fileMemo{files: map[string]fileStat{}}, next: &fileMemo{files: map[string]fileStat{}},
			h: cache.NewHasher("test"), ok: true}
		skip := map[string]bool{root + "/manuals/public": true}
		for _, r := range []string{root + "/manuals", root + "/missing", root + "/manuals/a.md"} {
			if reference {
				s.walkReference(r, skip)
			} else {
				s.walk(r, skip)
			}
		}
		return s.h.Sum(), len(s.next.files), s.ok
	}
	mem := afero.NewMemMapFs()
	tree(mem, "p")
	osRoot := filepath.ToSlash(t.TempDir())
	osFS := afero.NewOsFs()
	tree(osFS, osRoot)
	for _, c := range []struct {
		name string
		fsys afero.Fs
		root string
	}{{"memory", mem, "p"}, {"os", osFS, osRoot}} {
		want, wantN, wantOK := scan(c.fsys, c.root, true)
		got, gotN, gotOK := scan(c.fsys, c.root, false)
		if got != want || gotN != wantN || gotOK != wantOK || !wantOK || wantN != 122 {
			t.Errorf("%s: listing %x (%d files, ok %v), walk %x (%d files, ok %v); want 122 files", c.name, got, gotN, gotOK, want, wantN, wantOK)
		}
	}
	if err := os.Symlink(osRoot+"/manuals/a.md", osRoot+"/manuals/t03/link.md"); err != nil {
		t.Fatal(err)
	}
	_, _, wantOK := scan(osFS, osRoot, true)
	_, _, gotOK := scan(osFS, osRoot, false)
	if gotOK || wantOK {
		t.Errorf("a symbolic link among the inputs: ok %v (walk %v), want the scan refused", gotOK, wantOK)
	}
}
