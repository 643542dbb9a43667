package mcpserver

import (
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	fx "github.com/lorekit/lore/internal/fixture"
)

// A lore.yaml that names folders outside the project gets them neither
// walked nor watched by lore mcp --watch, as lore build refuses to read
// them; --allow-outside admits them.
func TestWatchSourcesSkipOutsideFolders(t *testing.T) {
	fx.WatchSkipsOutside(t, func(proj string, allow bool) ([]string, string) {
		s := &Server{cur: &snapshot{}, opts: Options{Project: build.Options{FS: afero.NewOsFs(), Dir: proj, AllowOutside: allow}}}
		got := s.sources()
		return got.Dirs, got.File
	})
}
