package build_test

import (
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/fixture"
)

// TestSingleBuildLetsGoOfASTs: a single build holds no manual's parsed
// Markdown once its page body is rendered, with the build cache and
// without it (--no-cache kept every manual's AST alive until its page was
// written: hundreds of megabytes at 10,000 manuals, which the collector
// scanned on every cycle).
func TestSingleBuildLetsGoOfASTs(t *testing.T) {
	for _, noCache := range []bool{false, true} {
		dir := t.TempDir()
		fixture.Dir(t, visibilityFixture, dir)
		res, err := build.Run(build.RunOptions{Options: build.Options{FS: afero.NewOsFs(), Dir: dir}, NoCache: noCache})
		if err != nil || res.Failed {
			t.Fatalf("no-cache %v: the fixture does not build: %v", noCache, err)
		}
		ms := res.Project.Manuals.Manuals
		if len(ms) == 0 {
			t.Fatal("the fixture has no manuals")
		}
		for _, m := range ms {
			if m.Doc != nil {
				t.Errorf("no-cache %v: %s still holds its parsed Markdown after the build", noCache, m.Path)
			}
		}
	}
}
