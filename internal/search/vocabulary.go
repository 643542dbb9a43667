package search

import (
	"maps"
	"slices"

	"fmt"
	"github.com/blevesearch/bleve/v2/analysis"
	"os"
	"path/filepath"
	"strings"
)

// VocabularyFile holds, inside a catalog folder, the project's own routing
// vocabulary (Source.Vocabulary) the catalog was built with, so that the
// catalog analyses intents with it wherever it is opened.
const VocabularyFile = "lore-vocabulary.txt"

// A project's vocabulary has the form of lore's glossary: one entry a line,
// `word, word: rendering, rendering`, # comments. Each entry joins both
// of lore's word lists: as a German word (normalised and stemmed, split in
// compounds, like glossary_de_en.txt) and as an English word whose
// renderings are related terms (like thesaurus_en.txt), so one file serves
// German words for English manuals (Abrechnung: billing) and a team's
// jargon (k8s: kubernetes).

// CheckVocabulary reports the first line of a vocabulary text that is not
// an entry: its number and what is wrong (0, "" when every line is an
// entry, a comment or blank).
func CheckVocabulary(text string) (int, string) {
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		switch {
		case !ok:
			return i + 1, "an entry is `word, word: rendering, rendering`; this line has no colon (start a comment with #)"
		case strings.Trim(k, " ,\t") == "":
			return i + 1, "the entry names no word before the colon"
		case strings.Trim(v, " ,\t") == "":
			return i + 1, fmt.Sprintf("the entry %q has no rendering after the colon", strings.TrimSpace(k))
		}
	}
	return 0, ""
}

// vocabularyOf returns the word lists of a catalog built with the project
// vocabulary vocab: lore's glossary and thesaurus (parsed once per
// process) with vocab's entries added; en is the catalog's English
// analyzer.
func vocabularyOf(vocab string, en analysis.Analyzer) (*glossary, map[string][]string) {
	g, thes := defaultGlossary(), defaultThesaurus()
	if strings.TrimSpace(vocab) == "" {
		return g, thes
	}
	thes = maps.Clone(thes)
	for k, rel := range parseThesaurus(vocab, en) {
		for _, t := range rel {
			thes[k] = appendNew(slices.Clip(thes[k]), t)
		}
	}
	return g.with(vocab), thes
}

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
