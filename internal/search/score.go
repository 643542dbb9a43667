package search

import (
	"container/heap"
	"context"
	"math"
	"slices"

	index "github.com/blevesearch/bleve_index_api"
)

// Routing scores a manual by which words of the intent it contains where.
// The catalog's fields fall in two classes:
//
//   - routing fields (name, triggers, summary, title) are written to say
//     what a manual is for: a word found there counts (nearly) fully,
//     however long the field and however often the word repeats; fully
//     in the name and in a trigger the intent says whole ("bar chart",
//     "Balkendiagramm"), less in a trigger it says only in part ("explain"
//     of "explain failure"), a summary or a title;
//   - evidence fields (headings, the documents a skill holds, the body)
//     describe what the manual contains: a word found there counts less,
//     saturating with its frequency and normalised by the field's length
//     (BM25's saturation with a fixed reference length).
//
// Each word contributes its best field, weighted by the word's inverse
// document frequency, so a rare word ("Graviton", "Pinia") says more than
// a common one ("write", "code"). The relevance is the idf-weighted mean
// over the intent's words, plus a bonus for the share of the intent that
// the routing fields cover — the same share is the confidence the answer
// reports (Hit.Score).
type fieldScore struct {
	field   string
	weight  float64
	routing bool
	refLen  float64 // reference length in tokens
	// lenNorm, for a routing field, is how much a field longer than
	// refLen dilutes a match (BM25's b for a single occurrence): a summary
	// that lists everything says less about each thing.
	lenNorm float64
}

// scoring holds the routing weights. They were tuned on the labelled
// intents of testdata/eval (lore eval reports what they give).
type scoring struct {
	en, de []fieldScore
	// Weights of a word's forms other than itself.
	transDE, transUnknown float64 // glossary renderings, by intent language
	fuzzy                 float64 // a term one edit away (a typo)
	prefix                float64 // a longer term the word begins (postgres → postgresql)
	part                  float64 // a part of a German compound (Gedankenkarte → Karte)
	related               float64 // a term the thesaurus relates to the word
	// phrase weighs a word of a trigger the intent covers whole; a word
	// found in a trigger it covers only in part counts as the trigger
	// field's weight says (see phrase.go).
	phrase float64
	// coverage weighs the share of the intent found in routing fields
	// against the relevance.
	coverage float64
	// name weighs the share of the intent held by words that make up a
	// manual's whole name ("write a PRD" and prd, "terraform conventions"
	// and terraform): a name is the shortest statement of what a manual
	// is for, and an intent that says all of it names the manual.
	name float64
	// tool scales tool descriptions: a manual that fits beats a tool.
	tool float64
}

var defaultScoring = scoring{
	en: []fieldScore{
		{field: fWords, weight: 1.0, routing: true},
		{field: fTrigEN, weight: 0.8, routing: true},
		{field: fSumEN, weight: 0.8, routing: true, refLen: 25, lenNorm: 0.5},
		{field: fTitle, weight: 0.8, routing: true},
		{field: fHeadings, weight: 0.5, refLen: 30},
		{field: fRefs, weight: 0.4, refLen: 150},
		{field: fBody, weight: 0.45, refLen: 400},
	},
	de: []fieldScore{
		{field: fTrigDE, weight: 0.8, routing: true},
		{field: fSumDE, weight: 0.8, routing: true, refLen: 25, lenNorm: 0.5},
	},
	transDE: 0.7, transUnknown: 0.5, fuzzy: 0.8, prefix: 0.6, part: 0.6, related: 0.5, phrase: 1.0, coverage: 0.15, name: 0.15, tool: 0.5,
}

// maxTotal is the highest total a document can score (a relevance of 1,
// the whole intent in its routing fields and its name): the confidence
// (Hit.Score) is the total divided by it.
func (s scoring) maxTotal() float64 { return 1 + s.coverage + s.name }

// Scoring constants (see fieldScore).
const (
	bm25K1       = 1.2
	bm25B        = 0.75
	maxExpansion = 6 // fuzzy or prefix terms per word
	minPrefixLen = 4 // shortest stem expanded by prefix
	minFuzzyLen  = 5 // shortest stem matched with one edit
	// maxFuzzyLen is the longest stem matched with one edit: the edit
	// automaton grows with the word, and a word this long is no typo a
	// user makes (the compound splitter's limit, maxCompound).
	maxFuzzyLen = maxCompound
)

// ranked is a scored document.
type ranked struct {
	num          uint64
	ord          uint32 // position in the build input (OrderFile)
	total, cover float64
	// routed counts the intent's words found in routing fields; mask has
	// bit i set for word i among them (the first 64 words) when it was
	// found as itself or a glossary rendering, not a looser form.
	routed int
	mask   uint64
	// naming counts the intent's words that name the document (see
	// scratch.naming).
	naming int
	// named is the share of the intent's weight in words that make up
	// the document's whole name, 0 when the intent does not say all of it.
	named float64
}

// better orders ranked documents: higher total first, then earlier in the
// build input (path order), so equal inputs give equal answers.
func better(a, b ranked) bool {
	if a.total != b.total {
		return a.total > b.total
	}
	return a.ord < b.ord
}

// scratch is the per-query working memory of score, pooled: slot maps a
// document number to 1 + its index in nums (0: not touched yet); best and
// routing hold, per touched document and word, the best weighted field
// score and the best form weight found in a routing field.
type scratch struct {
	slot    []int32
	nums    []uint64
	best    []float64
	routing []float64
	// inName marks, per touched document and word, a word found as itself
	// in the document's name; nameLen is, per touched document, how many
	// terms its name has.
	inName  []bool
	nameLen []int32
	// naming marks, per touched document and word, a word by which the
	// intent names the document (matchKind.naming): found as itself in
	// its name, or in a trigger the intent says whole.
	naming []bool
	// ranked holds the scored documents totals returns.
	ranked []ranked
	// parts holds, per touched document, split compound of the intent and
	// part, the best weighted score of the part's renderings (see
	// compound.go).
	parts []float64
}

// score returns every visible document some form of some word matches,
// with its relevance and routing coverage, in no particular order, and
// the share of the intent's weight that no visible document matches at
// all. The scorer it returns holds the per-word scores until release.
func (c *Catalog) score(it intent, st *termStats, fs [][]form, r index.IndexReader, visible docSet, tr *trace) ([]ranked, float64, *scorer) {
	sc := c.scratch.Get().(*scratch)
	q := &scorer{c: c, sc: sc, nw: len(it.words), r: r, visible: visible, tr: tr}
	q.compounds = compoundsOf(it)
	for i, forms := range fs {
		for _, f := range forms {
			q.matchForm(i, f, st)
		}
	}
	if c.sc.phrase > 0 {
		q.matchTriggers(it, fs)
	}
	return q.totals(st), q.unmatched(st), q
}

// release returns the scorer's working memory to the pool.
func (q *scorer) release() {
	sc := q.sc
	for _, n := range sc.nums {
		sc.slot[n] = 0
	}
	sc.nums, sc.best, sc.routing, sc.inName, sc.nameLen, sc.naming = sc.nums[:0], sc.best[:0], sc.routing[:0], sc.inName[:0], sc.nameLen[:0], sc.naming[:0]
	sc.parts = sc.parts[:0]
	q.c.scratch.Put(sc)
}

// words returns document n's per-word scores: the word's score (its best
// weighted field score, or its compound's parts together), the form
// weight found in a routing field (0: not there) and whether the word
// names the document.
func (q *scorer) words(n uint64) (best, routing []float64, naming []bool) {
	if n >= uint64(len(q.sc.slot)) || q.sc.slot[n] == 0 {
		return make([]float64, q.nw), make([]float64, q.nw), make([]bool, q.nw)
	}
	d := int(q.sc.slot[n] - 1)
	k := d * q.nw
	best = make([]float64, q.nw)
	for i := range best {
		best[i] = q.wordScore(d, i)
	}
	return best, slices.Clone(q.sc.routing[k : k+q.nw]), slices.Clone(q.sc.naming[k : k+q.nw])
}

// scorer is one query's scoring: for every document touched, per word of
// the intent, the best weighted field score and the best form weight found
// in a routing field (in sc).
type scorer struct {
	c       *Catalog
	sc      *scratch
	nw      int
	r       index.IndexReader
	visible docSet // nil: every document
	tr      *trace
	tfd     index.TermFieldDoc
	// compounds are the split compounds of the intent (compound.go).
	compounds compounds
}

// at returns where document n's scores begin in the scratch, adding the
// document when it is new.
func (q *scorer) at(n uint64) int {
	sc := q.sc
	if n >= uint64(len(sc.slot)) {
		sc.slot = append(sc.slot, make([]int32, int(n)+1-len(sc.slot))...)
	}
	k := sc.slot[n]
	if k == 0 {
		sc.nums = append(sc.nums, n)
		k = int32(len(sc.nums))
		sc.slot[n] = k
		for range q.nw {
			sc.best = append(sc.best, 0)
			sc.routing = append(sc.routing, 0)
			sc.inName = append(sc.inName, false)
			sc.naming = append(sc.naming, false)
		}
		sc.nameLen = append(sc.nameLen, 0)
		for range len(q.compounds.words) * maxParts {
			sc.parts = append(sc.parts, 0)
		}
	}
	return int(k-1) * q.nw
}

// record keeps s as word i's score in document n when it is the best yet,
// and w as its routing weight when the match is in a routing field.
func (q *scorer) record(n uint64, i int, s, w float64, routing bool, term, field string, kind matchKind) {
	k := q.at(n) + i
	if s > q.sc.best[k] {
		q.sc.best[k] = s
		if q.tr != nil {
			q.tr.note(n, i, term, field, kind, s)
		}
	}
	if routing && w > q.sc.routing[k] {
		q.sc.routing[k] = w
	}
	if routing && kind.naming(field) {
		q.sc.naming[k] = true
	}
}

// matchForm scores form f of word i in every field it may match in.
func (q *scorer) matchForm(i int, f form, st *termStats) {
	fields := q.c.sc.en
	if f.german {
		fields = q.c.sc.de
	}
	for _, fd := range fields {
		if f.routing && !fd.routing || !fd.routing && st.common(f.term, q.r) {
			continue
		}
		// A word found as itself in the name counts towards the whole
		// name (the name field's norm says how many terms it has).
		exact := fd.field == fWords && (f.kind == kindWord || f.kind == kindPlural || f.kind == kindBase || f.kind == kindSpelling)
		withNorm := !fd.routing || fd.lenNorm > 0 || exact
		tfr, err := q.r.TermFieldReader(context.Background(), []byte(f.term), fd.field, withNorm, withNorm, false)
		if err != nil {
			continue
		}
		for m, err := tfr.Next(&q.tfd); err == nil && m != nil; m, err = tfr.Next(&q.tfd) {
			n := m.ID.Value()
			if q.visible != nil && !q.visible.has(n) {
				continue
			}
			s := fd.weight * f.weight * fieldFactor(fd, m)
			q.record(n, i, s, f.weight, fd.routing, f.term, fd.field, f.kind)
			if f.parts != 0 {
				q.recordParts(n, i, s, f.parts)
			}
			if exact && m.Norm > 0 {
				k := q.at(n)
				q.sc.inName[k+i] = true
				q.sc.nameLen[k/q.nw] = int32(math.Round(1 / (m.Norm * m.Norm)))
			}
		}
		tfr.Close()
	}
}

// fieldFactor is how much one match m counts in field fd: saturated by
// frequency and length in an evidence field, diluted by length in a long
// routing field (a summary), whole otherwise.
func fieldFactor(fd fieldScore, m *index.TermFieldDoc) float64 {
	switch {
	case !fd.routing:
		return saturate(float64(m.Freq), m.Norm, fd.refLen)
	case fd.lenNorm > 0:
		return dilute(m.Norm, fd.refLen, fd.lenNorm)
	}
	return 1
}

// matchTriggers scores the triggers the intent covers whole.
func (q *scorer) matchTriggers(it intent, fs [][]form) {
	dict := func(prefix string, visit func(string)) {
		d, err := q.r.FieldDictPrefix(fPhrases, []byte(prefix))
		if err != nil {
			return
		}
		defer d.Close()
		for e, err := d.Next(); err == nil && e != nil; e, err = d.Next() {
			visit(e.Term)
		}
	}
	for _, pm := range coveredPhrases(it, fs, dict) {
		tfr, err := q.r.TermFieldReader(context.Background(), []byte(pm.key), fPhrases, false, false, false)
		if err != nil {
			continue
		}
		for m, err := tfr.Next(&q.tfd); err == nil && m != nil; m, err = tfr.Next(&q.tfd) {
			n := m.ID.Value()
			if q.visible != nil && !q.visible.has(n) {
				continue
			}
			for k, i := range pm.words {
				q.record(n, i, q.c.sc.phrase*pm.weights[k], pm.weights[k], true, pm.key, fPhrases, kindPhrase)
			}
		}
		tfr.Close()
	}
}

// totals turns the scratch into ranked documents: relevance (the
// weighted mean of the words' best scores) plus the coverage bonus,
// tools scaled down.
func (q *scorer) totals(st *termStats) []ranked {
	c, sc, nw := q.c, q.sc, q.nw
	var sumW float64
	for _, w := range st.weights {
		sumW += w
	}
	sc.ranked = slices.Grow(sc.ranked[:0], len(sc.nums))[:len(sc.nums)]
	out := sc.ranked
	for d, n := range sc.nums {
		out[d] = ranked{num: n}
		if n < uint64(len(c.order)) {
			out[d].ord = c.order[n]
		}
		if sumW == 0 {
			continue
		}
		var rel, cov float64
		for i, w := range st.weights {
			rel += w * q.wordScore(d, i)
			cov += w * sc.routing[d*nw+i]
			if w > 0 && sc.naming[d*nw+i] {
				out[d].naming++
			}
			if w > 0 && sc.routing[d*nw+i] > 0 {
				out[d].routed++
				if i < 64 && sc.routing[d*nw+i] >= c.sc.transDE {
					out[d].mask |= 1 << i
				}
			}
		}
		out[d].cover = cov / sumW
		out[d].named = wholeName(sc.inName[d*nw:d*nw+nw], sc.nameLen[d], st.weights) / sumW
		out[d].total = rel/sumW + c.sc.coverage*out[d].cover + c.sc.name*out[d].named
		if c.toolDocs.has(n) {
			out[d].total *= c.sc.tool
		}
	}
	return out
}

// wholeName is the weight of the words of the intent found as themselves
// in a name of nameLen terms when they are all of its terms, else 0.
func wholeName(inName []bool, nameLen int32, weights []float64) float64 {
	var n int32
	var w float64
	for i, in := range inName {
		if in && weights[i] > 0 {
			n++
			w += weights[i]
		}
	}
	if nameLen == 0 || n < nameLen {
		return 0
	}
	return w
}

// unmatched is the share of the intent's weight that no document matched.
func (q *scorer) unmatched(st *termStats) float64 {
	var sumW, un float64
	for i, w := range st.weights {
		sumW += w
		found := false
		for d := range q.sc.nums {
			if q.sc.best[d*q.nw+i] > 0 {
				found = true
				break
			}
		}
		if !found {
			un += w
		}
	}
	if sumW == 0 {
		return 0
	}
	return un / sumW
}

// top moves the k best of rs to its front, sorted best first, and returns
// them (the rest stays, unsorted, behind them). It keeps the k best seen so
// far in a min-heap whose root is the worst of them: a candidate better
// than the root swaps places with it.
func top(rs []ranked, k int) []ranked {
	if k >= len(rs) {
		slices.SortFunc(rs, cmpRanked)
		return rs
	}
	h := worstFirst(rs[:k])
	heap.Init(&h)
	for j := k; j < len(rs); j++ {
		if better(rs[j], h[0]) {
			h[0], rs[j] = rs[j], h[0]
			heap.Fix(&h, 0)
		}
	}
	slices.SortFunc(h, cmpRanked)
	return h
}

// worstFirst is a min-heap of ranked documents: the worst at the root
// (container/heap).
type worstFirst []ranked

func (h worstFirst) Len() int           { return len(h) }
func (h worstFirst) Less(i, j int) bool { return better(h[j], h[i]) }
func (h worstFirst) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *worstFirst) Push(x any)        { *h = append(*h, x.(ranked)) }
func (h *worstFirst) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func cmpRanked(a, b ranked) int {
	switch {
	case better(a, b):
		return -1
	case better(b, a):
		return 1
	}
	return 0
}

// saturate is BM25's term-frequency saturation, scaled to [0,1): norm is
// 1/sqrt(field length) as the index stores it.
func saturate(tf, norm, refLen float64) float64 {
	if tf <= 0 {
		return 0
	}
	length := refLen
	if norm > 0 {
		length = 1 / (norm * norm)
	}
	return tf / (tf + bm25K1*(1-bm25B+bm25B*length/refLen))
}

// dilute is the weight of one occurrence in a field of the length norm
// encodes, relative to a field of refLen tokens or fewer (1).
func dilute(norm, refLen, b float64) float64 {
	if norm <= 0 {
		return 1
	}
	length := 1 / (norm * norm)
	if length <= refLen {
		return 1
	}
	return (1 + bm25K1) / (1 + bm25K1*(1-b+b*length/refLen))
}
