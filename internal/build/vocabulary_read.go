package build

import (
	"fmt"
	"io"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/manual"
)

// maxVocabulary bounds one vocabulary file. The glossary lore ships, 800
// entries, is 40 KB; 8 MiB is a vocabulary of a hundred thousand lines.
const maxVocabulary = 8 << 20

// readVocabularyFile reads a vocabulary file named by lore.yaml. It must
// be a regular file of at most maxVocabulary bytes: a path may lie
// outside the project on purpose, and `vocabulary: /dev/zero` was read
// until the memory ran out.
func readVocabularyFile(fsys afero.Fs, name string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		kind := "a folder"
		if !fi.IsDir() {
			kind = manual.FileKind(fi.Mode())
		}
		return nil, fmt.Errorf("it is %s, not a file", kind)
	}
	text, err := io.ReadAll(io.LimitReader(f, maxVocabulary+1))
	if err != nil {
		return nil, err
	}
	if len(text) > maxVocabulary {
		return nil, fmt.Errorf("larger than %d MiB: a vocabulary lists words, split it or keep only the words your manuals need", maxVocabulary>>20)
	}
	return text, nil
}
