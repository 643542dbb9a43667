package mcpserver

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
)

// A lore.yaml that names folders outside the project gets them neither
// walked nor watched by lore mcp --watch, as lore build refuses to read them;
// --allow-outside admits them.
func TestWatchSourcesSkipOutsideFolders(t *testing.T) {
	root := t.TempDir()
	proj, outside := filepath.Join(root, "proj"), filepath.Join(root, "outside")
	for _, d := range []string{filepath.Join(proj, "manuals"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	yaml := "manuals: [manuals, ../outside]\ntheme: ../outside\n"
	if err := os.WriteFile(filepath.Join(proj, "lore.yaml"), []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, allow := range []bool{false, true} {
		s := &Server{cur: &snapshot{}, opts: Options{Project: build.Options{FS: afero.NewOsFs(), Dir: proj, AllowOutside: allow}}}
		got := s.sources()
		out := slices.ContainsFunc(got.Dirs, func(d string) bool { return strings.Contains(d, "outside") })
		if out != allow {
			t.Errorf("allow-outside %v: watched %v", allow, got.Dirs)
		}
		if got.File != filepath.Join(proj, "lore.yaml") {
			t.Errorf("allow-outside %v: project file %q", allow, got.File)
		}
	}
}
