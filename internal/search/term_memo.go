package search

import (
	"hash/maphash"
	"sync"
	"sync/atomic"

	"github.com/lorekit/lore/internal/textan"
)

// termMemo remembers the English term (textan.EnglishTerm) of the words an
// English filter has seen. Building the catalog of 10,000 manuals turns
// millions of words, of far fewer different ones, into terms, and
// Snowball stemming them one by one was a third of the catalog's build
// time. The memo is the filter's own (one per analyzer a mapping builds,
// shared by the goroutines that analyse with it) and holds at most
// maxMemoTerms words: a long-running server that analyses requests keeps
// stemming the words beyond them.
type termMemo struct {
	seed   maphash.Seed
	n      atomic.Int64 // words held
	shards [memoShards]memoShard
}

type memoShard struct {
	mu sync.RWMutex
	m  map[string]string
}

const (
	memoShards   = 16
	maxMemoTerms = 1 << 18
)

func newTermMemo() *termMemo {
	m := &termMemo{seed: maphash.MakeSeed()}
	for i := range m.shards {
		m.shards[i].m = map[string]string{}
	}
	return m
}

// term returns textan.EnglishTerm of the word w.
func (m *termMemo) term(w []byte) string {
	s := &m.shards[maphash.Bytes(m.seed, w)%memoShards]
	s.mu.RLock()
	t, ok := s.m[string(w)]
	s.mu.RUnlock()
	if ok {
		return t
	}
	word := string(w)
	t = textan.EnglishTerm(word)
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
