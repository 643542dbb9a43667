package searchindex

import (
	"unicode/utf8"

	"github.com/lorekit/lore/internal/textan"
)

// Documents are analysed with internal/textan, the analysis the how_do_i
// catalog runs (theme/assets/js/search/analyze.js runs the same steps on
// a query, with the data Write puts into the index). Word limits: a word
// of fewer than minWordRunes runes is not indexed (a letter carries no
// meaning), nor a word of prose of more than maxWordRunes (a hash, base64
// or a long identifier in a code sample would only bloat the index); the
// name, triggers and tools keep their long words (a bundle's id,
// "marvin.background.openai.reviewer", is one word). The browser looks up
// every word of at least minWordRunes.
const (
	minWordRunes = 2
	maxWordRunes = 32
)

// indexed reports whether a word of prose (as textan.Words cuts it) is
// indexed.
func indexed(w string) bool {
	n := utf8.RuneCountInString(w)
	return n >= minWordRunes && n <= maxWordRunes
}

// tagWord reports whether a word of a name, trigger or tool is indexed.
func tagWord(w string) bool { return utf8.RuneCountInString(w) >= minWordRunes }

// analyzer turns one document at a time into its terms and remembers the
// terms of the words it has seen (a site's vocabulary is small compared
// to its word count). Each goroutine has its own.
type analyzer struct {
	comp *textan.Compounds
	en   map[string]string
	de   map[string][]string
}

func newAnalyzer(a *textan.Analysis) *analyzer {
	return &analyzer{comp: a.Compounds(), en: map[string]string{}, de: map[string][]string{}}
}

// english calls fn with the English term of every indexed word of text,
// as the catalog indexes English: the words of the text folded to ASCII.
// Only the words keep reports are indexed.
func (an *analyzer) english(text string, keep func(string) bool, fn func(term string)) {
	textan.Words(textan.Fold(text), func(t textan.Token) {
		if !keep(t.Text) {
			return
		}
		e, ok := an.en[t.Text]
		if !ok {
			e = textan.EnglishTerm(t.Text)
			an.en[t.Text] = e
		}
		if e != "" {
			fn(e)
		}
	})
}

// german calls fn with the German terms of every indexed word of text
// (the stem, a compound's head), as the catalog indexes German. Only the
// words keep reports are indexed.
func (an *analyzer) german(text string, keep func(string) bool, fn func(term string)) {
	textan.Words(text, func(t textan.Token) {
		if !keep(t.Text) {
			return
		}
		d, ok := an.de[t.Text]
		if !ok {
			d = an.comp.GermanTerms(t.Text)
			an.de[t.Text] = d
		}
		for _, g := range d {
			fn(g)
		}
	})
}
