package search

import (
	"container/heap"
	"context"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/search"
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
	transDE: 0.7, transUnknown: 0.5, fuzzy: 0.8, prefix: 0.6, part: 0.6, related: 0.5, phrase: 1.0, coverage: 0.15, tool: 0.5,
}

// Scoring constants (see fieldScore).
const (
	bm25K1       = 1.2
	bm25B        = 0.75
	maxExpansion = 6 // fuzzy or prefix terms per word
	minPrefixLen = 4 // shortest stem expanded by prefix
	minFuzzyLen  = 5 // shortest stem matched with one edit
)

// form is one way a word of the intent can appear in the catalog.
type form struct {
	term    string
	weight  float64
	german  bool // match in the German fields
	routing bool // match in routing fields only (fuzzy and prefix forms)
	kind    matchKind
}

// matchKind says how a form relates to the word of the intent it stands
// for (lore howdoi --explain shows it, and what each kind contributes).
type matchKind uint8

const (
	kindWord     matchKind = iota // the word's own English term
	kindGerman                    // its German stem
	kindPart                      // a part (the head) of a German compound
	kindGlossary                  // a glossary rendering (or a project vocabulary's)
	kindCognate                   // an English spelling of a German word (cognates)
	kindRelated                   // a term the thesaurus relates to it
	kindPlural                    // the other number of an acronym
	kindBase                      // the letters of a word ending in digits
	kindPrefix                    // a longer term it begins (inside the word)
	kindFuzzy                     // a term one edit away (a typo)
	kindPhrase                    // a trigger the intent says whole
	numKinds
)

var kindNames = [numKinds]string{"word", "German stem", "compound part", "glossary", "cognate", "thesaurus", "acronym number",
	"digits dropped", "prefix", "one edit", "whole trigger"}

func (k matchKind) String() string { return kindNames[k] }

// forms lists the forms of every word of it.
func (c *Catalog) forms(it intent, r index.IndexReader) [][]form {
	transW := c.sc.transUnknown
	if it.lang == "de" {
		transW = c.sc.transDE
	}
	out := make([][]form, len(it.words))
	for i, w := range it.words {
		var fs []form
		if w.number {
			out[i] = []form{{term: w.en, weight: 1, routing: true, kind: kindWord}}
			continue
		}
		if w.en != "" {
			fs = append(fs, form{term: w.en, weight: 1, kind: kindWord})
		}
		for k, d := range w.de {
			f := form{term: d, weight: 1, german: true, kind: kindGerman}
			if k > 0 { // a part of a compound
				f.weight, f.kind = c.sc.part, kindPart
			}
			fs = append(fs, f)
		}
		trKind := kindGlossary
		if w.cognate {
			trKind = kindCognate
		}
		for _, t := range w.trans {
			wt := transW
			if w.split {
				wt *= c.sc.part
			}
			fs = append(fs, form{term: t, weight: wt, kind: trKind})
		}
		relW := c.sc.related
		if len(w.trans) > 0 { // related to a rendering: an estimate of an estimate
			relW *= transW
		}
		for _, t := range w.related {
			fs = append(fs, form{term: t, weight: relW, kind: kindRelated})
		}
		if w.plural != "" {
			fs = append(fs, form{term: w.plural, weight: 1, kind: kindPlural})
		}
		if w.base != "" {
			fs = append(fs, form{term: w.base, weight: c.sc.fuzzy, kind: kindBase})
		}
		if w.en != "" {
			seen := map[string]bool{w.en: true}
			for _, t := range w.trans {
				seen[t] = true
			}
			// A word the catalog does not know may be a typo of one it
			// does: terms one edit from its stem, when the stem is long
			// enough for one edit to keep it recognisable ("evening" stems
			// to "even", one edit from "event").
			if w.fuzzy && utf8.RuneCountInString(w.en) >= minFuzzyLen {
				for _, t := range fuzzyTerms(r, w.en) {
					if !seen[t] {
						seen[t] = true
						fs = append(fs, form{term: t, weight: c.sc.fuzzy, routing: true, kind: kindFuzzy})
					}
				}
			}
			// A longer term the word begins may be its full or derived
			// form (postgres → postgresql, work → worker), not a compound
			// with another word (back → background).
			if len(w.en) >= minPrefixLen {
				for _, t := range prefixTerms(r, w.en, it.isWord) {
					if !seen[t] {
						seen[t] = true
						fs = append(fs, form{term: t, weight: c.sc.prefix, routing: true, kind: kindPrefix})
					}
				}
			}
		}
		out[i] = fs
	}
	return out
}

// fuzzyTerms returns terms of the routing text one edit (or one swap of
// neighbouring letters) away from t.
func fuzzyTerms(r index.IndexReader, t string) []string {
	var out []string
	if rf, ok := r.(index.IndexReaderFuzzy); ok {
		prefix := ""
		if rs := []rune(t); len(rs) > 0 {
			prefix = string(rs[:1])
		}
		if d, err := rf.FieldDictFuzzy(fRouting, t, 1, prefix); err == nil {
			for e, err := d.Next(); err == nil && e != nil && len(out) < maxExpansion; e, err = d.Next() {
				if e.Term != t {
					out = append(out, e.Term)
				}
			}
			d.Close()
		}
	}
	if rc, ok := r.(index.IndexReaderContains); ok {
		if d, err := rc.FieldDictContains(fRouting); err == nil {
			rs := []rune(t)
			for i := 0; i+1 < len(rs) && len(out) < maxExpansion; i++ {
				sw := slices.Clone(rs)
				sw[i], sw[i+1] = sw[i+1], sw[i]
				s := string(sw)
				if ok, err := d.Contains([]byte(s)); err == nil && ok && s != t && !slices.Contains(out, s) {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// prefixTerms returns up to maxExpansion terms of the routing text that
// begin with t and continue it inside the word (see withinWord).
func prefixTerms(r index.IndexReader, t string, isWord func(string) bool) []string {
	d, err := r.FieldDictPrefix(fRouting, []byte(t))
	if err != nil {
		return nil
	}
	defer d.Close()
	var out []string
	for e, err := d.Next(); err == nil && e != nil && len(out) < maxExpansion; e, err = d.Next() {
		if e.Term != t && withinWord(t, e.Term, isWord) {
			out = append(out, e.Term)
		}
	}
	return out
}

// withinWord reports whether term, which begins with stem, continues the
// same word — an ending (work → worker, postgres → postgresql, admin →
// administr) — rather than a compound with another word (back →
// background, java → javascript, work → workflow) or an identifier (test
// → tests.ps1). isWord tells a word (a term of the catalog or of lore's
// vocabulary); terms are Snowball stems, which may have lost a final e
// (workspace → workspac).
func withinWord(stem, term string, isWord func(string) bool) bool {
	rest := term[len(stem):]
	switch {
	case allDigits(rest): // a version: react → react18
		return true
	case strings.Trim(rest, "abcdefghijklmnopqrstuvwxyz") != "":
		return false
	}
	return len(rest) <= maxEnding || wordEndings[rest] || !isWord(rest) && !isWord(rest+"e")
}

// maxEnding is the longest rest of a term that counts as an ending
// whatever it is (worker, postgresql).
const maxEnding = 2

// wordEndings are endings that are words too (readable, ownership).
var wordEndings = map[string]bool{"abl": true, "able": true, "ship": true, "less": true, "ness": true, "ment": true, "ful": true,
	"ion": true, "ions": true, "ant": true, "ate": true}

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
}

// score returns every visible document some form of some word matches,
// with its relevance and routing coverage, in no particular order, and
// the share of the intent's weight that no visible document matches at all.
func (c *Catalog) score(it intent, st *termStats, fs [][]form, r index.IndexReader, visible func(uint64) bool, tr *trace) ([]ranked, float64) {
	nw := len(it.words)
	sc := c.scratch.Get().(*scratch)
	defer func() {
		for _, n := range sc.nums {
			sc.slot[n] = 0
		}
		sc.nums, sc.best, sc.routing = sc.nums[:0], sc.best[:0], sc.routing[:0]
		c.scratch.Put(sc)
	}()
	get := func(n uint64) int {
		if n >= uint64(len(sc.slot)) {
			sc.slot = append(sc.slot, make([]int32, int(n)+1-len(sc.slot))...)
		}
		k := sc.slot[n]
		if k == 0 {
			sc.nums = append(sc.nums, n)
			k = int32(len(sc.nums))
			sc.slot[n] = k
			for range nw {
				sc.best = append(sc.best, 0)
				sc.routing = append(sc.routing, 0)
			}
		}
		return int(k-1) * nw
	}
	ctx := context.Background()
	var tfd index.TermFieldDoc
	for i, forms := range fs {
		for _, f := range forms {
			fields := c.sc.en
			if f.german {
				fields = c.sc.de
			}
			for _, fd := range fields {
				if f.routing && !fd.routing {
					continue
				}
				if !fd.routing && st.common(f.term) {
					continue
				}
				withNorm := !fd.routing || fd.lenNorm > 0
				tfr, err := r.TermFieldReader(ctx, []byte(f.term), fd.field, withNorm, withNorm, false)
				if err != nil {
					continue
				}
				for m, err := tfr.Next(&tfd); err == nil && m != nil; m, err = tfr.Next(&tfd) {
					n := m.ID.Value()
					if visible != nil && !visible(n) {
						continue
					}
					s := fd.weight * f.weight
					switch {
					case !fd.routing:
						s *= saturate(float64(m.Freq), m.Norm, fd.refLen)
					case fd.lenNorm > 0:
						s *= dilute(m.Norm, fd.refLen, fd.lenNorm)
					}
					k := get(n) + i
					if s > sc.best[k] {
						sc.best[k] = s
						if tr != nil {
							tr.note(n, i, f.term, fd.field, f.kind, s)
						}
					}
					if fd.routing && f.weight > sc.routing[k] {
						sc.routing[k] = f.weight
					}
				}
				tfr.Close()
			}
		}
	}
	// Triggers the intent covers whole.
	if c.sc.phrase > 0 {
		dict := func(prefix string, visit func(string)) {
			d, err := r.FieldDictPrefix(fPhrases, []byte(prefix))
			if err != nil {
				return
			}
			defer d.Close()
			for e, err := d.Next(); err == nil && e != nil; e, err = d.Next() {
				visit(e.Term)
			}
		}
		for _, pm := range coveredPhrases(it, fs, dict) {
			tfr, err := r.TermFieldReader(ctx, []byte(pm.key), fPhrases, false, false, false)
			if err != nil {
				continue
			}
			for m, err := tfr.Next(&tfd); err == nil && m != nil; m, err = tfr.Next(&tfd) {
				n := m.ID.Value()
				if visible != nil && !visible(n) {
					continue
				}
				base := get(n)
				for k, i := range pm.words {
					s := c.sc.phrase * pm.weights[k]
					if s > sc.best[base+i] {
						sc.best[base+i] = s
						if tr != nil {
							tr.note(n, i, pm.key, fPhrases, kindPhrase, s)
						}
					}
					if pm.weights[k] > sc.routing[base+i] {
						sc.routing[base+i] = pm.weights[k]
					}
				}
			}
			tfr.Close()
		}
	}
	var sumW float64
	for _, w := range st.weights {
		sumW += w
	}
	out := make([]ranked, len(sc.nums))
	for d, n := range sc.nums {
		out[d].num = n
		if n < uint64(len(c.order)) {
			out[d].ord = c.order[n]
		}
		if sumW == 0 {
			continue
		}
		var rel, cov float64
		for i, w := range st.weights {
			rel += w * sc.best[d*nw+i]
			cov += w * sc.routing[d*nw+i]
			if w > 0 && sc.routing[d*nw+i] > 0 {
				out[d].routed++
				if i < 64 && sc.routing[d*nw+i] >= c.sc.transDE {
					out[d].mask |= 1 << i
				}
			}
		}
		out[d].cover = cov / sumW
		out[d].total = rel/sumW + c.sc.coverage*out[d].cover
		if c.toolDocs[n] {
			out[d].total *= c.sc.tool
		}
	}
	var unmatched float64
	for i, w := range st.weights {
		found := false
		for d := range sc.nums {
			if sc.best[d*nw+i] > 0 {
				found = true
				break
			}
		}
		if !found {
			unmatched += w
		}
	}
	if sumW > 0 {
		unmatched /= sumW
	}
	return out, unmatched
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

// visibleSet returns the document numbers visible to v (nil: all), from
// the filter query; sets are cached per visibility, since a runtime asks
// with the same engine and allow-set again and again.
func (c *Catalog) visibleSet(v Visibility, r index.IndexReader) (func(uint64) bool, error) {
	f := c.filter(v)
	if f == nil {
		return nil, nil
	}
	key := visKey(v)
	c.mu.Lock()
	set, ok := c.visCache[key]
	c.mu.Unlock()
	if !ok {
		s, err := f.Searcher(context.Background(), r, c.idx.Mapping(), search.SearcherOptions{Score: "none"})
		if err != nil {
			return nil, err
		}
		sctx := &search.SearchContext{DocumentMatchPool: search.NewDocumentMatchPool(s.DocumentMatchPoolSize(), 0)}
		set = map[uint64]bool{}
		for dm, err := s.Next(sctx); err == nil && dm != nil; dm, err = s.Next(sctx) {
			set[dm.IndexInternalID.Value()] = true
			sctx.DocumentMatchPool.Put(dm)
		}
		s.Close()
		c.mu.Lock()
		if len(c.visCache) >= maxVisCache {
			clear(c.visCache)
		}
		c.visCache[key] = set
		c.mu.Unlock()
	}
	return func(n uint64) bool { return set[n] }, nil
}

// maxVisCache bounds the cached visibility sets.
const maxVisCache = 64

// visKey identifies a visibility for the cache.
func visKey(v Visibility) string {
	ts := slices.Clone(v.Tools)
	slices.Sort(ts)
	any := "0"
	if v.AnyTools {
		any = "1"
	}
	return v.Engine + "\x00" + any + "\x00" + strings.Join(ts, ",")
}
