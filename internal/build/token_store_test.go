package build

import (
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/tokens"
)

// A build leaves the token vocabulary in the build cache for the next
// process, also the builds of a session after the first, whose counter
// has its vocabulary and so does not read it.
func TestBuildKeepsTheVocabularyInTheCache(t *testing.T) {
	fs := newProject(t, exampleProject)
	s := NewSession(RunOptions{Options: Options{FS: fs, Dir: "."}})
	defer s.Close()
	for i := range 3 {
		if i == 2 {
			if err := afero.WriteFile(fs, "manuals/images.md", []byte("---\ntriggers: image\nsummary: Show images.\n---\n# Images\n\nHow, edited.\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Build(); err != nil {
			t.Fatal(err)
		}
		p := load(t, fs)
		b, ok := cache.Open(fs, p.Config.Path(CacheDir), buildIdentity(), "").Table(vocabularyTable).Get(vocabularyKey(tokens.DefaultEncoding))
		if !ok || len(b) < 1<<20 {
			t.Fatalf("after build %d the cache holds no vocabulary of %s (%d bytes)", i+1, tokens.DefaultEncoding, len(b))
		}
	}
}
