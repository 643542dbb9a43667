package searchindex

import (
	"math"
	"slices"
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
	term   uint32
	tf     uint16
	fields field
}

// postingBuilder turns documents into posting lists.
type postingBuilder struct {
	stem       *stemmer
	stop       map[string]bool
	enMarkers  map[string]bool
	deMarkers  map[string]bool
	termIDs    map[string]uint32
	terms      []string
	docs       [][]occurrence
	lengths    []int
	totalWords int
}

func newPostingBuilder() *postingBuilder {
	b := &postingBuilder{stem: newStemmer(), stop: map[string]bool{}, termIDs: map[string]uint32{}}
	for _, w := range stopWords() {
		b.stop[w] = true
	}
	b.enMarkers, b.deMarkers = languageMarkers()
	return b
}

// add analyses the next document (its id is the number of documents added
// before it).
func (b *postingBuilder) add(d Document) {
	prose := [3][]string{tokens(d.Title), tokens(d.Summary), tokens(d.Body)}
	lang := b.language(prose[:])
	occ := map[uint32]*occurrence{}
	get := func(term string) *occurrence {
		id, ok := b.termIDs[term]
		if !ok {
			id = uint32(len(b.terms))
			b.termIDs[term] = id
			b.terms = append(b.terms, term)
		}
		o := occ[id]
		if o == nil {
			o = &occurrence{term: id}
			occ[id] = o
		}
		return o
	}
	words := 0
	for i, toks := range prose {
		for _, t := range toks {
			words++
			if b.stop[t] {
				continue
			}
			for _, s := range b.stems(t, lang) {
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
				if b.stop[t] {
					continue
				}
				for _, s := range b.stems(t, langBoth) {
					get(s).fields |= tag.f
				}
			}
		}
	}
	list := make([]occurrence, 0, len(occ))
	for _, o := range occ {
		list = append(list, *o)
	}
	slices.SortFunc(list, func(a, b occurrence) int { return int(a.term) - int(b.term) })
	b.docs = append(b.docs, list)
	b.lengths = append(b.lengths, words)
	b.totalWords += words
}

// stems returns the distinct stems of a folded token for a language.
func (b *postingBuilder) stems(tok string, lang language) []string {
	st := b.stem.stem(tok)
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
func (b *postingBuilder) language(prose [][]string) language {
	en, de := 0, 0
	for _, toks := range prose {
		for _, t := range toks {
			if b.enMarkers[t] {
				en++
			} else if b.deMarkers[t] {
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

// postings returns every term, sorted, with its posting list in document
// order.
func (b *postingBuilder) postings() ([]string, [][]posting) {
	lists := make([][]posting, len(b.terms))
	avg := 1.0
	if len(b.docs) > 0 && b.totalWords > 0 {
		avg = float64(b.totalWords) / float64(len(b.docs))
	}
	for doc, occs := range b.docs {
		norm := bm25K1 * (1 - bm25B + bm25B*float64(b.lengths[doc])/avg)
		for _, o := range occs {
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
	order := make([]uint32, len(b.terms))
	for i := range order {
		order[i] = uint32(i)
	}
	slices.SortFunc(order, func(x, y uint32) int {
		switch a, c := b.terms[x], b.terms[y]; {
		case a < c:
			return -1
		case a > c:
			return 1
		}
		return 0
	})
	terms := make([]string, len(order))
	sorted := make([][]posting, len(order))
	for i, id := range order {
		terms[i], sorted[i] = b.terms[id], lists[id]
	}
	return terms, sorted
}
