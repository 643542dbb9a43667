package searchindex

import (
	"encoding/binary"
	"hash/maphash"
	"runtime"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/lorekit/lore/internal/textan"
)

// Analyses remembers the analysis of the documents of the last Write it
// was passed to, so that the next Write (lore serve, after an edit)
// analyses only the documents that changed. Write uses it one call at a
// time; the index it writes is the same with or without it.
type Analyses struct {
	mu   sync.Mutex
	seed [2]maphash.Seed
	dict *dictionary
	last map[docKey]*analysis
	// vocab is the project vocabulary the remembered documents were
	// analysed with (a compound's head depends on it).
	vocab string
	// analysed counts the documents the last Write analysed.
	analysed int
}

// NewAnalyses returns an empty memory of analyses.
func NewAnalyses() *Analyses {
	return &Analyses{seed: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}, dict: newDictionary()}
}

// docKey identifies a document by everything analyze reads of it: two
// independent 64-bit hashes, so that two documents share a key by chance
// with a probability of about 2⁻¹²⁸ per pair.
type docKey [2]uint64

func (c *Analyses) key(d Document) docKey {
	var k docKey
	for i, seed := range c.seed {
		var h maphash.Hash
		h.SetSeed(seed)
		num := func(n int) {
			var b [8]byte
			binary.LittleEndian.PutUint64(b[:], uint64(n))
			h.Write(b[:])
		}
		str := func(s string) {
			num(len(s))
			h.WriteString(s)
		}
		for _, s := range []string{d.Name, d.Title, d.Summary, d.Audience, d.Body} {
			str(s)
		}
		for _, list := range [][]string{d.Triggers, d.RequiresTools} {
			num(len(list))
			for _, s := range list {
				str(s)
			}
		}
		k[i] = h.Sum64()
	}
	return k
}

// analyzeAll returns the analysis of every document and the dictionary
// that numbers their terms, analysing on every core those that c (which
// may be nil) does not remember.
func analyzeAll(docs []Document, ta *textan.Analysis, c *Analyses) ([]*analysis, *dictionary) {
	as := make([]*analysis, len(docs))
	dict := newDictionary()
	var keys []docKey
	if c != nil {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.vocab != ta.Vocabulary() {
			c.vocab, c.last, c.dict = ta.Vocabulary(), nil, newDictionary()
		}
		dict = c.dict
		keys = make([]docKey, len(docs))
		forEach(len(docs), func(i int) { keys[i] = c.key(docs[i]) })
	}
	var todo []int
	for i := range docs {
		if c != nil {
			if a := c.last[keys[i]]; a != nil {
				as[i] = a
				continue
			}
		}
		todo = append(todo, i)
	}
	var mu sync.Mutex // guards dict
	pool := sync.Pool{New: func() any { return newAnalyzer(ta) }}
	forEach(len(todo), func(j int) {
		an := pool.Get().(*analyzer)
		terms, words := an.analyze(docs[todo[j]])
		pool.Put(an)
		mu.Lock()
		as[todo[j]] = dict.number(terms, words)
		mu.Unlock()
	})
	if c != nil {
		c.analysed = len(todo)
		c.last = make(map[docKey]*analysis, len(docs))
		for i, k := range keys {
			c.last[k] = as[i]
		}
	}
	return as, dict
}

// forEach calls f for 0…n-1 on every core (errgroup, at most GOMAXPROCS
// at once) and returns when every call has returned.
func forEach(n int, f func(i int)) {
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i := range n {
		g.Go(func() error { f(i); return nil })
	}
	_ = g.Wait()
}
