package search

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
)

// wordsText lists common English words (words_en.txt, from SCOWL): what
// the catalog holds is not all the words there are, and withinWord must
// know "ground" to keep "back" out of "background" in any catalog.
//
//go:embed words_en.txt
var wordsText string

// englishWords are the words of wordsText, sorted; read once, on first
// use, and never changed.
var englishWords = sync.OnceValue(func() []string {
	var out []string
	for _, line := range strings.Split(wordsText, "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	slices.Sort(out)
	return out
})

// isEnglishWord reports whether w is a common English word.
func isEnglishWord(w string) bool {
	_, ok := slices.BinarySearch(englishWords(), w)
	return ok
}
