package search

import (
	"github.com/lorekit/lore/internal/textan"
)

// Analysis is the catalog's text analysis chain: internal/textan's, the
// chain the site's browser search runs too. Unicode words, ASCII folding,
// lower case, stop words, Snowball stemming (English); normalisation of
// umlauts, light stemming, a compound's head (German); German separable
// verbs joined; and the vocabulary that bridges the languages (the
// glossary's English renderings of German words, the English thesaurus).
// The catalog analyses manuals with the same steps (registered with bleve
// in its index mapping) and intents with this chain.
type Analysis struct {
	t *textan.Analysis
}

// NewAnalysis returns the chain of a catalog built with the vocabulary
// lore embeds.
func NewAnalysis() (*Analysis, error) { return newAnalysis(""), nil }

// newAnalysis returns the chain of lore's vocabulary with the project
// vocabulary vocab added.
func newAnalysis(vocab string) *Analysis { return &Analysis{t: textan.New(vocab)} }

// Terms are the index terms of a text in each language.
type Terms struct {
	// EN holds the English terms (folded, stemmed, no stop words); DE the
	// German ones (umlauts normalised, stemmed, no stop words), a
	// compound followed by its head.
	EN, DE []string
}

// Terms analyses text as the catalog indexes it, in both languages.
func (a *Analysis) Terms(text string) Terms {
	var t Terms
	for _, x := range textan.English(text) {
		t.EN = append(t.EN, x.Term)
	}
	for _, x := range a.t.Compounds().German(text) {
		t.DE = append(t.DE, x.Term)
	}
	return t
}

// Renderings returns the English terms the vocabulary gives a German word
// (any case or inflection; a compound by its parts), grouped by meaning:
// one group for a word the glossary knows, one per part of a compound it
// splits (split is then set). It returns nil for a word it does not know.
func (a *Analysis) Renderings(word string) (groups [][]string, split bool) {
	return a.t.Renderings(word)
}

// Related returns the English terms the thesaurus relates to the English
// term t (a term as Terms gives it).
func (a *Analysis) Related(t string) []string { return a.t.Related(t) }

// Textan returns the analysis this chain runs (for the site's browser
// search, which analyses with the same vocabulary).
func (a *Analysis) Textan() *textan.Analysis { return a.t }
