//go:build unix

package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/spf13/afero"
)

// A project file that is a named pipe or a device is an error, not a read
// that blocks for ever (a pipe) or never ends (/dev/zero).
func TestLoadRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, FileName), 0o644); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("named pipes are required under CI=true: %v", err)
		}
		t.Skipf("mkfifo: %v", err)
	}
	for _, c := range []struct{ dir, file string }{{dir, ""}, {"", "/dev/zero"}} {
		_, err := Load(afero.NewOsFs(), c.dir, c.file)
		var ce *Error
		if !errors.As(err, &ce) || !strings.Contains(ce.Msg, "no regular file") {
			t.Errorf("Load(%q, %q) = %v, want a project-file error", c.dir, c.file, err)
		}
	}
}
