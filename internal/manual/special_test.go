//go:build unix

package manual

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/spf13/afero"
)

// A .md entry that is a named pipe is reported, not read: reading it
// blocked lore lint for ever. As a root of its own too.
func TestLoadSkipsNamedPipes(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.md"), []byte("# A\n\nText.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.md"), 0o644); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("named pipes are required under CI=true: %v", err)
		}
		t.Skipf("mkfifo: %v", err)
	}
	fsys := afero.NewBasePathFs(afero.NewOsFs(), dir)
	done := make(chan *Set)
	go func() { done <- Load(fsys, []string{".", "pipe.md"}) }()
	s := <-done
	if len(s.Manuals) != 1 || s.Manuals[0].Path != "a.md" {
		t.Errorf("manuals %v, want a.md alone", s.Manuals)
	}
	n := 0
	for _, p := range s.Problems {
		if p.Path == "pipe.md" && p.Rule == RuleFileUnreadable && strings.Contains(p.Message, "is a named pipe, not a regular file") {
			n++
		}
	}
	if n != 2 {
		t.Errorf("problems %+v, want pipe.md reported as a named pipe, in the folder and as a root", s.Problems)
	}
}

// A NUL byte is reported at the line and column diag.Lines gives it (a
// lone CR ends a line), as every other finding.
func TestNULPosition(t *testing.T) {
	fsys := afero.NewMemMapFs()
	afero.WriteFile(fsys, "m/a.md", []byte("a\rb\rc\x00d\r"), 0o644)
	s := Load(fsys, []string{"m"})
	if len(s.Problems) != 1 || s.Problems[0].Line != 3 || s.Problems[0].Col != 2 {
		t.Errorf("problems %+v, want the NUL at 3:2", s.Problems)
	}
}
