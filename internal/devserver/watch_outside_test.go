package devserver

import (
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/fixture"
)

// A lore.yaml that names folders outside the project gets them neither
// walked nor watched by lore serve, as lore build refuses to read them;
// --allow-outside admits them.
func TestWatchSkipsOutsideFolders(t *testing.T) {
	fixture.WatchSkipsOutside(t, func(proj string, allow bool) ([]string, string) {
		s := &Server{o: Options{Project: build.Options{FS: afero.NewOsFs(), Dir: proj, AllowOutside: allow}}}
		got := s.sources()
		return got.Dirs, got.File
	})
}
