package searchindex

import (
	"strings"

	"github.com/lorekit/lore/internal/textan"
)

// indexedWords returns the words of s that the index holds terms of, in
// lower case.
func indexedWords(s string) []string {
	var out []string
	textan.Words(s, func(t textan.Token) {
		if indexed(t.Text) {
			out = append(out, strings.ToLower(t.Text))
		}
	})
	return out
}

// isStopWord reports whether a lower-case word is a stop word of either
// language.
func isStopWord(w string) bool { return textan.IsEnglishStopWord(w) || textan.IsGermanStopWord(w) }
