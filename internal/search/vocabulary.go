package search

import (
	"os"
	"path/filepath"

	"github.com/lorekit/lore/internal/textan"
)

// VocabularyFile holds, inside a catalog folder, the project's own routing
// vocabulary (Source.Vocabulary) the catalog was built with, so that the
// catalog analyses intents with it wherever it is opened.
const VocabularyFile = "lore-vocabulary.txt"

// CheckVocabulary reports the first line of a project vocabulary text
// that is not an entry: its number and what is wrong (0, "" when every
// line is an entry, a comment or blank). See textan.CheckVocabulary for
// the form of an entry.
func CheckVocabulary(text string) (int, string) { return textan.CheckVocabulary(text) }

// writeVocabulary writes the project vocabulary into the catalog folder dir
// (an empty file when there is none).
func writeVocabulary(dir, vocab string) error {
	return os.WriteFile(filepath.Join(dir, VocabularyFile), []byte(vocab), 0o644)
}

// readVocabulary returns the project vocabulary of the catalog in dir.
func readVocabulary(dir string) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, VocabularyFile))
	return string(b), err
}
