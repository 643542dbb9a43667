//go:build unix

package prompt

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/spf13/afero"
)

// A prompt file that is a named pipe is reported, not read: reading it
// blocked every command that loads the prompts.
func TestLoadSkipsNamedPipes(t *testing.T) {
	dir := t.TempDir()
	layer := filepath.Join(dir, "prompts", "layers", "shared")
	if err := os.MkdirAll(layer, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "prompts", "arthur.md"), []byte("<!-- block: identity -->\nhi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(layer, "operating-rules.md"), 0o644); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("named pipes are required under CI=true: %v", err)
		}
		t.Skipf("mkfifo: %v", err)
	}
	s := Load(afero.NewBasePathFs(afero.NewOsFs(), dir), "prompts")
	if len(s.Problems) != 1 || s.Problems[0].Path != "prompts/layers/shared/operating-rules.md" || !strings.Contains(s.Problems[0].Message, "no regular file") {
		t.Errorf("problems %+v, want the pipe reported", s.Problems)
	}
	if _, ok := s.Files["prompts/arthur.md"]; !ok {
		t.Error("the engine prompt beside the pipe was not read")
	}
}
