package search

import (
	"hash/maphash"
	"sync"
	"sync/atomic"
)

// termMemo remembers the term(s) of the words a filter has seen: the
// English term (textan.EnglishTerm) for the English filter, the German
// terms (Compounds.GermanTerms) for the German one. Building the catalog
// of 10,000 manuals turns millions of words, of far fewer different ones,
// into terms, and Snowball stemming them one by one was a third of the
// catalog's build time. The memo is the filter's own (one per analyzer a
// mapping builds, shared by the goroutines that analyse with it) and
// holds at most maxMemoTerms words: a long-running server that analyses
// requests keeps stemming the words beyond them. What it returns is
// shared: callers do not change it.
type termMemo[T any] struct {
	of     func(word string) T
	seed   maphash.Seed
	n      atomic.Int64 // words held
	shards [memoShards]memoShard[T]
}

type memoShard[T any] struct {
	mu sync.RWMutex
	m  map[string]T
}

const (
	memoShards   = 16
	maxMemoTerms = 1 << 18
)

// newTermMemo returns an empty memo of the function of.
func newTermMemo[T any](of func(word string) T) *termMemo[T] {
	m := &termMemo[T]{of: of, seed: maphash.MakeSeed()}
	for i := range m.shards {
		m.shards[i].m = map[string]T{}
	}
	return m
}

// term returns m's function of the word w.
func (m *termMemo[T]) term(w []byte) T {
	s := &m.shards[maphash.Bytes(m.seed, w)%memoShards]
	s.mu.RLock()
	t, ok := s.m[string(w)]
	s.mu.RUnlock()
	if ok {
		return t
	}
	word := string(w)
	t = m.of(word)
	if m.n.Load() < maxMemoTerms {
		s.mu.Lock()
		if _, ok := s.m[word]; !ok {
			s.m[word] = t
			m.n.Add(1)
		}
		s.mu.Unlock()
	}
	return t
}
