package build

import (
	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/manual"
)

// maxVocabulary bounds one vocabulary file. The glossary lore ships, 800
// entries, is 40 KB; 8 MiB is a vocabulary of a hundred thousand lines.
const maxVocabulary = 8 << 20

// readVocabularyFile reads a vocabulary file named by lore.yaml, a
// regular file of at most maxVocabulary bytes (manual.ReadBounded): the
// path may lie outside the project on purpose, and `vocabulary:
// /dev/zero` was read until the memory ran out.
func readVocabularyFile(fsys afero.Fs, name string) ([]byte, error) {
	return manual.ReadBounded(fsys, name, maxVocabulary, "a vocabulary (it lists words: keep the ones your manuals need)")
}
