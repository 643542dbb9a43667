package build

import (
	"bytes"
	"crypto/sha256"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/site/searchindex"
)

// The search index's analyses of the last build are kept in the build
// cache as a base and a delta (searchindex.Analyses.AppendDelta): after
// one edited manual of 10,000, a build writes the few kilobytes that
// changed since the base instead of the 31 MB of every analysis, which
// it writes again only once the changes have grown to a quarter of it.
// Each starts with the tag of the base (its SHA-256): a delta is applied
// only to the base it was made from, whatever became of the cache's
// files. A delta of the tag alone is no delta.

// analysesTable keeps the search index's analyses under analysesKey (the
// tag, then searchindex.Analyses.AppendBinary) and deltaKey (the tag,
// then AppendDelta, if any).
const analysesTable = "search-analyses"

var (
	analysesKey      = cache.NewHasher("search-analyses").Sum()
	analysesDeltaKey = cache.NewHasher("search-analyses-delta").Sum()
)

const tagLen = sha256.Size

// analyses returns what the session remembers of the search index's
// analysis between builds: on its first build what the build cache c (nil:
// none) kept of the last build's.
func (s *Session) analyses(c *cache.Cache) *searchindex.Analyses {
	if s.searchAnalyses != nil {
		return s.searchAnalyses
	}
	if c != nil {
		s.searchAnalyses, s.analysesTag = readAnalyses(c.Table(analysesTable))
	}
	if s.searchAnalyses == nil {
		s.searchAnalyses = searchindex.NewAnalyses()
	}
	return s.searchAnalyses
}

// readAnalyses reads the analyses t keeps: the base, and the delta made
// from it when there is one (a delta that cannot be applied leaves the
// base's analyses, which are sound: analyses are keyed by their
// documents' content). It returns nil when there is no base.
func readAnalyses(t *cache.Table) (*searchindex.Analyses, [32]byte) {
	var tag [32]byte
	b, ok := t.Get(analysesKey)
	if !ok || len(b) < tagLen {
		return nil, tag
	}
	a, err := searchindex.ReadAnalyses(b[tagLen:])
	if err != nil {
		return nil, tag
	}
	copy(tag[:], b)
	if d, ok := t.Get(analysesDeltaKey); ok && len(d) > tagLen && bytes.Equal(d[:tagLen], tag[:]) {
		_ = a.ApplyDelta(d[tagLen:])
	}
	return a, tag
}

// keptAnalyses is what keepAnalyses puts in the cache: the base written
// whole (full) or the delta from the session's base.
type keptAnalyses struct {
	full bool
	enc  []byte
}

// encodeAnalyses returns what keepAnalyses writes of the session's search
// analyses when the build wrote the search index (written), or nil.
func (s *Session) encodeAnalyses(c *cache.Cache, written bool) *keptAnalyses {
	if c == nil || !s.once || !written || s.searchAnalyses == nil {
		return nil
	}
	if d, ok := s.searchAnalyses.AppendDelta(s.analysesTag[:]); ok {
		return &keptAnalyses{enc: d}
	}
	b := s.searchAnalyses.AppendBinary(make([]byte, tagLen))
	s.analysesTag = sha256.Sum256(b[tagLen:])
	copy(b, s.analysesTag[:])
	return &keptAnalyses{full: true, enc: b}
}

// keepAnalyses keeps the session's search analyses in c for the next
// process: written anew (k, from encodeAnalyses) when the build wrote the
// search index, else kept as they were. A session that builds again and
// again (lore serve) keeps them in memory only.
func (s *Session) keepAnalyses(c *cache.Cache, k *keptAnalyses) {
	if c == nil || !s.once {
		return
	}
	t := c.Table(analysesTable)
	switch {
	case k == nil:
		t.Keep(analysesKey)
		t.Keep(analysesDeltaKey)
	case k.full:
		t.Put(analysesKey, k.enc)
		t.Put(analysesDeltaKey, bytes.Clone(s.analysesTag[:])) // no delta
	default:
		t.Keep(analysesKey)
		t.Put(analysesDeltaKey, k.enc)
	}
}
