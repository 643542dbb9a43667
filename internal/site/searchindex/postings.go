package searchindex

import (
	"math"
	"slices"
	"strings"
)

// field says where in a document a word occurs.
type field uint8

const (
	fName field = 1 << iota
	fTitle
	fTriggers
	fSummary
	fTools
	fAudience
)

// fieldBonus is added to a posting's weight for each field the term occurs
// in, so that a match in the name outranks one deep in a body. Triggers are
// the author's own list of what a manual is for: a trigger outranks a
// word the body mentions in passing (whose text part is up to
// textScale·(k1+1)).
var fieldBonus = map[field]int{fName: 100, fTitle: 50, fTriggers: 100, fSummary: 25, fTools: 20, fAudience: 10}

// BM25 parameters for the text part of a weight.
const (
	bm25K1    = 1.2
	bm25B     = 0.75
	textScale = 50 // the text part of a weight lies in [0, textScale·(k1+1)]
)

// language is the stemming a document's prose gets.
type language uint8

const (
	langBoth language = iota
	langEnglish
	langGerman
)

// posting is one document a term occurs in, with its weight (1–255).
type posting struct {
	doc uint32
	w   uint8
}

// occurrence is a term's statistics within one document.
type occurrence struct {
	term   uint32 // the term's number in the dictionary
	tf     uint16
	fields field
}

// analysis is what the index needs of one document: its terms and its
// length in words.
type analysis struct {
	occs  []occurrence
	words int
	// secs are the sections the document's file shows (resolved).
	secs []Section
}

// termStat is a term's statistics within one document before the term has
// a number.
type termStat struct {
	tf     uint16
	fields field
}

// analyzer turns one document at a time into its terms. Each goroutine
// has its own (the stemmer's memory is not shared).
type analyzer struct {
	stem      *stemmer
	stop      map[string]bool
	enMarkers map[string]bool
	deMarkers map[string]bool
}

func newAnalyzer() *analyzer {
	a := &analyzer{stem: newStemmer(), stop: map[string]bool{}}
	for _, w := range stopWords() {
		a.stop[w] = true
	}
	a.enMarkers, a.deMarkers = languageMarkers()
	return a
}

// analyze returns the terms of d (resolved) with their statistics, and
// d's length in words.
func (a *analyzer) analyze(d Document) (map[string]*termStat, int) {
	prose := [3][]string{tokens(d.Title), tokens(d.Summary), tokens(d.Body)}
	lang := a.language(prose[:])
	occ := map[string]*termStat{}
	get := func(term string) *termStat {
		o := occ[term]
		if o == nil {
			o = &termStat{}
			occ[term] = o
		}
		return o
	}
	words := 0
	for i, toks := range prose {
		for _, t := range toks {
			words++
			if a.stop[t] {
				continue
			}
			for _, s := range a.stems(t, lang) {
				o := get(s)
				if o.tf < math.MaxUint16 {
					o.tf++
				}
				switch i {
				case 0:
					o.fields |= fTitle
				case 1:
					o.fields |= fSummary
				}
			}
		}
	}
	tags := []struct {
		f    field
		text []string
	}{{fName, []string{d.Name}}, {fTriggers, d.Triggers}, {fTools, d.RequiresTools}, {fAudience, []string{d.Audience}}}
	for _, tag := range tags {
		for _, text := range tag.text {
			for _, t := range tokens(text) {
				if a.stop[t] {
					continue
				}
				for _, s := range a.stems(t, langBoth) {
					get(s).fields |= tag.f
				}
			}
		}
	}
	return occ, words
}

// stems returns the distinct stems of a folded token for a language.
func (a *analyzer) stems(tok string, lang language) []string {
	st := a.stem.stem(tok)
	switch {
	case lang == langEnglish:
		return []string{st.en}
	case lang == langGerman:
		return []string{st.de}
	case st.en == st.de:
		return []string{st.en}
	}
	return []string{st.en, st.de}
}

// language tells English prose from German by the stop words only one of
// the languages has; without a clear majority the prose gets both stemmers.
func (a *analyzer) language(prose [][]string) language {
	en, de := 0, 0
	for _, toks := range prose {
		for _, t := range toks {
			if a.enMarkers[t] {
				en++
			} else if a.deMarkers[t] {
				de++
			}
		}
	}
	switch {
	case en > de:
		return langEnglish
	case de > en:
		return langGerman
	}
	return langBoth
}

// dictionary numbers terms. The numbers are internal: the index lists
// terms sorted by their text.
type dictionary struct {
	ids   map[string]uint32
	terms []string
}

func newDictionary() *dictionary { return &dictionary{ids: map[string]uint32{}} }

// number returns the analysis of a document whose terms analyze returned.
func (dict *dictionary) number(terms map[string]*termStat, words int) *analysis {
	a := &analysis{occs: make([]occurrence, 0, len(terms)), words: words}
	for t, st := range terms {
		id, ok := dict.ids[t]
		if !ok {
			id = uint32(len(dict.terms))
			dict.ids[t] = id
			dict.terms = append(dict.terms, t)
		}
		a.occs = append(a.occs, occurrence{term: id, tf: st.tf, fields: st.fields})
	}
	return a
}

// postings returns every term the documents hold, sorted, with its
// posting list in document order.
func postings(dict *dictionary, docs []*analysis) ([]string, [][]posting) {
	lists := make([][]posting, len(dict.terms))
	total := 0
	for _, d := range docs {
		total += d.words
	}
	avg := 1.0
	if len(docs) > 0 && total > 0 {
		avg = float64(total) / float64(len(docs))
	}
	for doc, d := range docs {
		norm := bm25K1 * (1 - bm25B + bm25B*float64(d.words)/avg)
		for _, o := range d.occs {
			w := 0
			if o.tf > 0 {
				tf := float64(o.tf)
				w = int(math.Round(textScale * tf * (bm25K1 + 1) / (tf + norm)))
			}
			for f, bonus := range fieldBonus {
				if o.fields&f != 0 {
					w += bonus
				}
			}
			lists[o.term] = append(lists[o.term], posting{doc: uint32(doc), w: uint8(min(max(w, 1), 255))})
		}
	}
	// A dictionary kept between writes knows terms of documents gone.
	var order []uint32
	for id, l := range lists {
		if len(l) > 0 {
			order = append(order, uint32(id))
		}
	}
	slices.SortFunc(order, func(x, y uint32) int { return strings.Compare(dict.terms[x], dict.terms[y]) })
	terms := make([]string, len(order))
	sorted := make([][]posting, len(order))
	for i, id := range order {
		terms[i], sorted[i] = dict.terms[id], lists[id]
	}
	return terms, sorted
}
