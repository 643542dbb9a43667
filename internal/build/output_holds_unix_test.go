//go:build unix

package build

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// holdsOS says yes for an output as recorded, and no for every kind of
// difference verify reports: a file changed in size, in time, in bytes
// (when racy), removed, replaced by a link or a folder, and a file the
// record lacks, at the top or in a folder the record does not have.
func TestHoldsOS(t *testing.T) {
	old := time.Now().Add(-time.Hour)
	setup := func(t *testing.T) (string, *recList) {
		dir := t.TempDir()
		files := map[string]recEntry{}
		write := func(rel, data string, when time.Time) { files[rel] = writeRecorded(t, dir, rel, data, when) }
		for i := range verifyChunk + 3 {
			write(fmt.Sprintf("manuals/m%05d.html", i), fmt.Sprintf("page %d", i), old)
		}
		write("index.html", "home", old)
		write("a/b/c/deep.txt", "deep", old)
		write("racy.html", "racy", time.Now())
		if err := os.MkdirAll(filepath.Join(dir, "empty"), 0o755); err != nil {
			t.Fatal(err)
		}
		r := newRecord(files)
		r.stamped = time.Now().UnixNano()
		return dir, r.list()
	}
	dir, l := setup(t)
	if same, ok := holdsOS(dir, l); !ok || !same {
		t.Fatalf("holdsOS of the output as recorded = %v, %v", same, ok)
	}
	if _, ok := holdsOS(filepath.Join(dir, "none"), l); ok {
		t.Error("holdsOS of a missing folder")
	}
	changes := map[string]func(dir string) error{
		"resized": func(dir string) error {
			p := filepath.Join(dir, "index.html")
			if err := os.WriteFile(p, []byte("longer home"), 0o644); err != nil {
				return err
			}
			return os.Chtimes(p, old, old)
		},
		"retimed": func(dir string) error {
			return os.Chtimes(filepath.Join(dir, "manuals", "m00003.html"), old.Add(time.Second), old.Add(time.Second))
		},
		"racy bytes": func(dir string) error {
			p := filepath.Join(dir, "racy.html")
			fi, err := os.Lstat(p)
			if err != nil {
				return err
			}
			if err := os.WriteFile(p, []byte("RACY"), 0o644); err != nil {
				return err
			}
			return os.Chtimes(p, fi.ModTime(), fi.ModTime())
		},
		"removed":        func(dir string) error { return os.Remove(filepath.Join(dir, "a", "b", "c", "deep.txt")) },
		"folder removed": func(dir string) error { return os.RemoveAll(filepath.Join(dir, "a")) },
		"linked": func(dir string) error {
			p := filepath.Join(dir, "index.html")
			if err := os.Remove(p); err != nil {
				return err
			}
			return os.Symlink(filepath.Join(dir, "racy.html"), p)
		},
		"a folder now": func(dir string) error {
			p := filepath.Join(dir, "index.html")
			if err := os.Remove(p); err != nil {
				return err
			}
			return os.Mkdir(p, 0o755)
		},
		"extra file":          func(dir string) error { return os.WriteFile(filepath.Join(dir, "manuals", "extra.html"), nil, 0o644) },
		"extra in new folder": func(dir string) error { return os.WriteFile(filepath.Join(dir, "empty", "x.html"), nil, 0o644) },
		"extra link":          func(dir string) error { return os.Symlink("index.html", filepath.Join(dir, "a", "l.html")) },
	}
	for name, change := range changes {
		t.Run(name, func(t *testing.T) {
			dir, l := setup(t)
			if err := change(dir); err != nil {
				t.Fatal(err)
			}
			if same, ok := holdsOS(dir, l); !ok || same {
				t.Errorf("holdsOS after the change = %v, %v; want false, true", same, ok)
			}
			kept, unknown, _ := verifyListOS(dir, l, nil)
			if len(unknown) == 0 && len(kept) == len(l.paths) {
				t.Errorf("verifyListOS finds no difference")
			}
		})
	}
}
