package textan

import (
	"strings"
	"unicode/utf8"
)

//go:generate go run gen_fold.go

// foldTable maps a character to its ASCII folding (foldGroups by
// character); built once, never changed.
var foldTable = func() map[rune]string {
	m := make(map[rune]string, 1300)
	for to, from := range foldGroups {
		for _, r := range from {
			m[r] = to
		}
	}
	return m
}()

// Fold returns text with every character that has an ASCII folding
// replaced by it, as the catalog's English analysis folds text before
// cutting it into words: accents go (é → e, ä → a), ligatures and ß are
// spelled out (æ → ae, ß → ss), typographic quotes, dashes and enclosed
// numbers become ASCII (’ → ', ① → 1). Invalid UTF-8 becomes U+FFFD.
// The table is Lucene's ASCIIFoldingFilter as bleve ships it
// (fold_table.go, generated).
func Fold(text string) string {
	i := 0
	for i < len(text) && text[i] < utf8.RuneSelf {
		i++
	}
	if i == len(text) {
		return text
	}
	var b strings.Builder
	b.Grow(len(text) + 8)
	b.WriteString(text[:i])
	for _, r := range text[i:] {
		if f, ok := foldTable[r]; ok {
			b.WriteString(f)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}
