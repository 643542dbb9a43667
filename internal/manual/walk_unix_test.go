//go:build unix

package manual

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/afero"
)

// describedOnly is a file system whose folders list their entries only
// with their descriptions (Readdir, no fs.ReadDirFile).
type describedOnly struct{ afero.Fs }

func (d describedOnly) Open(name string) (afero.File, error) {
	f, err := d.Fs.Open(name)
	if err != nil {
		return nil, err
	}
	return struct{ afero.File }{f}, nil
}

func (d describedOnly) LstatIfPossible(name string) (os.FileInfo, bool, error) {
	return d.Fs.(afero.Lstater).LstatIfPossible(name)
}

// The walk finds the same manuals, with the same bytes, whether the file
// system lists a folder's entries without describing them (the OS's,
// fs.ReadDirFile) or only with their descriptions (describedOnly): links
// to files and folders inside are followed, a file far larger than a
// first read buffer is read whole.
func TestWalkIsTheSameOnEveryFileSystem(t *testing.T) {
	dir := t.TempDir()
	big := "# Big\n\n" + strings.Repeat("A line of a long manual.\n", 10000)
	for name, body := range map[string]string{
		"a/x.md":     "# X\n\nText.\n",
		"a/b/y.md":   big,
		"a/b/z.txt":  "not a manual",
		"a/UPPER.MD": "# Upper\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{"a/link.md": "x.md", "a/linkdir": "b"} {
		if err := os.Symlink(target, filepath.Join(dir, filepath.FromSlash(link))); err != nil {
			t.Fatal(err)
		}
	}
	base := afero.NewBasePathFs(afero.NewOsFs(), dir)
	want := []string{"a/UPPER.MD", "a/b/y.md", "a/link.md", "a/linkdir/y.md", "a/x.md"}
	if f, err := (describedOnly{base}).Open("a"); err != nil {
		t.Fatal(err)
	} else if _, ok := f.(fs.ReadDirFile); ok {
		t.Fatal("describedOnly lists entries without describing them")
	}
	for name, fsys := range map[string]afero.Fs{"OS": base, "described only": describedOnly{base}} {
		s := Load(fsys, []string{"a"})
		var got []string
		for _, m := range s.Manuals {
			got = append(got, m.Path)
			b, err := afero.ReadFile(fsys, m.Path)
			if err != nil {
				t.Fatal(err)
			}
			if string(m.Src) != string(b) {
				t.Errorf("%s: %s holds %d bytes, the file %d", name, m.Path, len(m.Src), len(b))
			}
		}
		if !slices.Equal(got, want) || len(s.Problems) > 0 {
			t.Errorf("%s: manuals %v, problems %v; want %v and none", name, got, s.Problems, want)
		}
	}
}
