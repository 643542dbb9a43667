package textan

import (
	"slices"
	"strings"
	"sync"
)

// Analysis is the analysis of one vocabulary: lore's glossary and
// thesaurus with a project's vocabulary added. It renders German words
// in English, relates English words, splits compounds at the glossary's
// words and joins separable verbs. It is safe for concurrent use.
type Analysis struct {
	vocab string // the project vocabulary added
	gloss *glossary
	thes  map[string][]string
	comp  *Compounds
	// english holds the English terms of the glossary's renderings and
	// of the thesaurus, made on first use.
	english     map[string]bool
	englishOnce sync.Once
}

// defaultAnalysis is the analysis of lore's vocabulary, made once per
// process and never changed.
var defaultAnalysis = sync.OnceValue(func() *Analysis {
	g := parseGlossary(glossaryText)
	return &Analysis{gloss: g, thes: parseThesaurus(thesaurusText), comp: NewCompounds(g.forms, 0, 0)}
})

// New returns the analysis of lore's vocabulary with the project
// vocabulary vocab added (see CheckVocabulary for its form; "" for none).
func New(vocab string) *Analysis {
	d := defaultAnalysis()
	if strings.TrimSpace(vocab) == "" {
		return d
	}
	thes := make(map[string][]string, len(d.thes))
	for k, v := range d.thes {
		thes[k] = slices.Clip(v)
	}
	for k, rel := range parseThesaurus(vocab) {
		for _, t := range rel {
			thes[k] = appendNew(thes[k], t)
		}
	}
	g := d.gloss.with(vocab)
	return &Analysis{vocab: vocab, gloss: g, thes: thes, comp: NewCompounds(g.forms, 0, 0)}
}

// Vocabulary returns the project vocabulary a was made with.
func (a *Analysis) Vocabulary() string { return a.vocab }

// CompoundWords returns the normalised German words of the vocabulary,
// sorted: the dictionary of the compound splitter.
func (a *Analysis) CompoundWords() []string { return slices.Clone(a.gloss.forms) }

// BeginsWord reports whether some normalised German word of the
// vocabulary begins with p (normalised too, see Normalize).
func (a *Analysis) BeginsWord(p string) bool {
	i, _ := slices.BinarySearch(a.gloss.forms, p)
	return i < len(a.gloss.forms) && strings.HasPrefix(a.gloss.forms[i], p)
}

// Compounds returns the compound splitter of the vocabulary's German
// words.
func (a *Analysis) Compounds() *Compounds { return a.comp }

// Renderings returns the English terms the vocabulary gives a German word
// (any case or inflection; a compound by its parts), grouped by meaning:
// one group for a word the glossary knows, one per part of a compound it
// splits (split is then set). It returns nil for a word it does not know.
func (a *Analysis) Renderings(word string) (groups [][]string, split bool) {
	gs, split := a.gloss.lookup(word)
	for _, trs := range gs {
		var terms []string
		for _, tr := range trs {
			for _, t := range English(tr) {
				terms = appendNew(terms, t.Term)
			}
		}
		groups = append(groups, terms)
	}
	return groups, split
}

// Related returns the English terms the thesaurus relates to the English
// term t (a term as English gives it).
func (a *Analysis) Related(t string) []string { return a.thes[t] }

// KnowsEnglish reports whether t is an English term of the vocabulary (a
// rendering of the glossary, a word of the thesaurus).
func (a *Analysis) KnowsEnglish(t string) bool {
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
				for _, t := range English(tr) {
					a.english[t.Term] = true
				}
			}
		}
	})
	return a.english[t]
}

// CognateTerms returns the English terms of the English spellings of the
// German word w (see Cognates), for the caller to keep those an index
// holds.
func CognateTerms(w string) []string {
	var out []string
	for _, c := range Cognates(w) {
		for _, t := range English(c) {
			out = appendNew(out, t.Term)
		}
	}
	return out
}

// GlossaryText and ThesaurusText return lore's word lists as embedded
// (a catalog's inputs hash covers them).
func GlossaryText() string { return glossaryText }

// ThesaurusText: see GlossaryText.
func ThesaurusText() string { return thesaurusText }

// PartRenderings returns the English terms the glossary gives one part
// of a German compound (lower case, umlauts spelled as vowels); ok is
// false when it does not know the part: as it is or with a verb ending,
// and, for the compound's head (the last part, which carries its
// inflection), in its other forms too. It is for a caller that splits
// compounds against an index's own vocabulary.
func (a *Analysis) PartRenderings(part string, head bool) (terms []string, ok bool) {
	trs := a.gloss.lookupVariants(part)
	if trs == nil && head {
		trs = a.gloss.lookupForm(part)
	}
	for _, tr := range trs {
		for _, t := range English(tr) {
			terms = appendNew(terms, t.Term)
		}
	}
	return terms, trs != nil
}
