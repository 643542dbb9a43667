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
// textScale·(k1+1)). A list, not a map: it is read for every term of
// every document (ranging over a map there took 60 % of postings).
var fieldBonus = []struct {
	f     field
	bonus int
}{{fName, 100}, {fTitle, 50}, {fTriggers, 100}, {fSummary, 25}, {fTools, 20}, {fAudience, 10}}

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
	// secs are the sections the document's file shows (resolved), or
	// rawSecs holds them as AppendBinary wrote them, not decoded yet
	// (sections): an analysis read back (ReadAnalyses) of a document
	// whose file is kept (Options.Kept) never needs them.
	secs    []Section
	rawSecs []byte
	// frag is the document's file as the last Write encoded it, for the
	// URL and options in fragFor (Analyses keeps it for the next Write;
	// nil: not yet encoded).
	frag    []byte
	fragFor fragmentKey
	// fileSum is the SHA-256 and length of the document's file as a
	// Write last encoded it, for the URL and options in its key (set:
	// ever encoded). Analyses keeps it, in its binary form too, so that
	// a later Write whose output holds that file still (Options.Kept)
	// neither encodes nor emits it again.
	fileSum fileSum
}

// fileSum is what a document file's bytes were (their SHA-256 and
// length) when encoded for key.
type fileSum struct {
	set  bool
	key  fragmentKey
	sum  [32]byte
	size int
}

// fragmentKey is what a document's file depends on beside its analysis'
// key: its URL (not in every key) and the options that cut its text.
type fragmentKey struct {
	url                                       string
	summaryRunes, sectionRunes, fragmentRunes int
}

// termStat is a term's statistics within one document before the term has
// a number.
type termStat struct {
	tf     uint16
	fields field
}

// analyze returns the terms of d (resolved) with their statistics, and d's length
// in words. Title, summary and body are prose: their English terms count
// (a term found both ways counts once per word), their German terms too,
// but a body's only when the document is not English (see language).
// Name, triggers, tools and audience are tags: both languages, no count.
func (a *analyzer) analyze(d Document) (map[string]*termStat, int) {
	occ := map[string]*termStat{}
	get := func(term string) *termStat {
		o := occ[term]
		if o == nil {
			o = &termStat{}
			occ[term] = o
		}
		return o
	}
	// Each text is cut into words once; the passes below read them.
	prose := [3]struct {
		text string
		f    field
	}{{d.Title, fTitle}, {d.Summary, fSummary}, {d.Body, 0}}
	for i, p := range prose {
		a.prose[i] = a.cut(a.prose[i][:0], p.text)
	}
	lang := proseLanguage(a.prose[:]...)
	keep := func(wi *wordInfo) bool { return wi.indexed && !lang.stopWord(wi) }
	words := 0
	for i, p := range prose {
		infos := a.prose[i]
		for _, wi := range infos {
			if wi.indexed {
				words++
			}
		}
		seen := map[string]bool{}
		a.englishOf(p.text, infos, keep, func(term string) {
			seen[term] = true
			o := get(term)
			if o.tf < math.MaxUint16 {
				o.tf++
			}
			o.fields |= p.f
		})
		if p.f == 0 && lang == langEnglish {
			continue
		}
		a.germanOf(infos, keep, func(term string) {
			o := get(term)
			if !seen[term] && o.tf < math.MaxUint16 {
				o.tf++
			}
			o.fields |= p.f
		})
	}
	a.release()
	tags := []struct {
		f    field
		text []string
	}{{fName, []string{d.Name}}, {fTriggers, d.Triggers}, {fTools, d.RequiresTools}, {fAudience, []string{d.Audience}}}
	isTag := func(wi *wordInfo) bool { return tagWord(wi.word) }
	for _, tag := range tags {
		for _, text := range tag.text {
			add := func(term string) { get(term).fields |= tag.f }
			a.english(text, isTag, add)
			a.german(text, isTag, add)
		}
	}
	return occ, words
}

// proseLanguage tells English prose from German by the stop words only one of
// the languages has; without a clear majority it is langBoth.
func proseLanguage(prose ...[]*wordInfo) language {
	en, de := 0, 0
	for _, infos := range prose {
		for _, wi := range infos {
			switch isEN, isDE := wi.stopEN, wi.stopDE; {
			case isEN && !isDE:
				en++
			case isDE && !isEN:
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

// stopWord reports whether a word of prose (wi) in language l carries no
// meaning in it: a stop word of l, or of either language when l is
// langBoth. A query in that language drops it (textan's KeepLanguage);
// in the other it is a different word ("die"), which such prose does not
// hold, so its terms would only take room and match by accident.
func (l language) stopWord(wi *wordInfo) bool {
	en, de := wi.stopEN, wi.stopDE
	switch l {
	case langEnglish:
		return en
	case langGerman:
		return de
	}
	return en || de
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
	// Every list in one allocation, each cut to its length: counted first.
	counts := make([]int, len(dict.terms))
	total, occs := 0, 0
	for _, d := range docs {
		total += d.words
		occs += len(d.occs)
		for _, o := range d.occs {
			counts[o.term]++
		}
	}
	lists := make([][]posting, len(dict.terms))
	backing := make([]posting, occs)
	for t, n := range counts {
		lists[t], backing = backing[:0:n], backing[n:]
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
			if o.fields != 0 {
				for _, fb := range fieldBonus {
					if o.fields&fb.f != 0 {
						w += fb.bonus
					}
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
