package search

import (
	"fmt"
	"sync"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/mapping"
)

// Analysis is the catalog's text analysis chain, in one place: Unicode
// words, ASCII folding, lower case, stop words, Snowball stemming
// (English); normalisation of umlauts, a compound's head, light stemming
// (German); German separable verbs joined; and the vocabulary that bridges
// the languages (the glossary's English renderings of German words, the
// English thesaurus). The catalog analyses manuals with the same
// analyzers (they are part of its index mapping) and intents with this
// chain; another index of the same texts (the site's browser search) can
// analyse with it too, so both find the same words.
type Analysis struct {
	en, de analysis.Analyzer
	gloss  *glossary
	thes   map[string][]string
	// english holds the English terms of the glossary's renderings and of
	// the thesaurus: words, whatever a catalog holds. It is made on first
	// use (opening a catalog stays fast).
	english     map[string]bool
	englishOnce sync.Once
}

// NewAnalysis returns the chain of a catalog built with the vocabulary
// lore embeds.
func NewAnalysis() (*Analysis, error) {
	g := defaultGlossary()
	im, err := newMapping(g.compoundWords())
	if err != nil {
		return nil, err
	}
	return newAnalysis(im, "")
}

// newAnalysis takes the analyzers from an index mapping (a catalog's, or
// a new one) and lore's vocabulary with the project vocabulary vocab
// added.
func newAnalysis(m mapping.IndexMapping, vocab string) (*Analysis, error) {
	a := &Analysis{}
	if a.en = m.AnalyzerNamed(analyzerEN); a.en == nil {
		return nil, fmt.Errorf("the %s analyzer is missing", analyzerEN)
	}
	if a.de = m.AnalyzerNamed(analyzerDE); a.de == nil {
		return nil, fmt.Errorf("the %s analyzer is missing", analyzerDE)
	}
	a.gloss, a.thes = vocabularyOf(vocab, a.en)
	return a, nil
}

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
	for _, tok := range a.en.Analyze([]byte(text)) {
		t.EN = append(t.EN, string(tok.Term))
	}
	for _, tok := range a.de.Analyze([]byte(text)) {
		t.DE = append(t.DE, string(tok.Term))
	}
	return t
}

// Renderings returns the English terms the vocabulary gives a German word
// (any case or inflection; a compound by its parts), grouped by meaning:
// one group for a word the glossary knows, one per part of a compound it
// splits (split is then set). It returns nil for a word it does not know.
func (a *Analysis) Renderings(word string) (groups [][]string, split bool) {
	gs, split := a.gloss.lookup(word)
	for _, trs := range gs {
		var terms []string
		for _, tr := range trs {
			for _, t := range a.en.Analyze([]byte(tr)) {
				terms = appendNew(terms, string(t.Term))
			}
		}
		groups = append(groups, terms)
	}
	return groups, split
}

// knowsEnglish reports whether t is an English term of the vocabulary (a
// rendering of the glossary, a word of the thesaurus).
func (a *Analysis) knowsEnglish(t string) bool {
	a.englishOnce.Do(func() {
		a.english = map[string]bool{}
		for k, rel := range a.thes {
			a.english[k] = true
			for _, t := range rel {
				a.english[t] = true
			}
		}
		for _, trs := range a.gloss.byStem {
			for _, tr := range trs {
				for _, t := range a.en.Analyze([]byte(tr)) {
					a.english[string(t.Term)] = true
				}
			}
		}
	})
	return a.english[t]
}

// Related returns the English terms the thesaurus relates to the English
// term t (a term as Terms gives it).
func (a *Analysis) Related(t string) []string { return a.thes[t] }
