package build

import (
	"sync"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/manual"
)

// open reads the project file and opens the build cache (c nil with
// RunOptions.NoCache); loadManuals then reads the manuals.
func (s *Session) open() (*Project, *cache.Cache, error) {
	p, err := loadConfig(s.o.Options)
	if err != nil {
		return nil, nil, err
	}
	var c *cache.Cache
	if !s.o.NoCache {
		c = s.openCache(p)
	}
	return p, c, nil
}

// loadManuals reads the manuals of p. A session that loaded them before
// reads every file again but parses only those whose bytes changed
// (manual.LoadAgain): the inputs are identified by content, so no list of
// changed files is needed and none can be wrong.
//
// With the build cache (c), a manual read before by another process is
// restored from its model (manual.LoadWith) rather than parsed.
func (s *Session) loadManuals(p *Project, c *cache.Cache) {
	var ms manual.Models
	if c != nil {
		ms = models{t: c.Table(modelsTable), sums: &s.sums}
	}
	var prev *manual.Set
	if s.loaded != nil {
		prev = s.loaded.Manuals
	}
	// A single build lets go of each manual's parsed Markdown as soon as
	// its model is made (the page renders from a parse of its own, see
	// prepare): the parsed Markdown of thousands of manuals is hundreds
	// of megabytes, which the collector would otherwise scan on every
	// cycle of the build. A session keeps it for the builds to come.
	p.Manuals = manual.LoadWith(p.FS, p.roots(), manual.LoadOptions{Prev: prev, Models: ms, NoAST: s.once})
	if !s.once {
		s.loaded = p
	}
}

// sums remembers the SHA-256 of manual sources between the builds of a
// session: a manual LoadAgain copied shares its source bytes with the one
// hashed before, which is not hashed again.
type sums struct {
	mu   sync.Mutex
	last map[string]srcSum
}

// srcSum is a remembered source hash: the same bytes in memory are not
// hashed again.
type srcSum struct {
	p   *byte
	n   int
	sum cache.Key
}

// note remembers that the source of the manual at p, whose bytes are src,
// has the SHA-256 sum (computed while it was read): of does not hash the
// same bytes in memory again. It may be called from several goroutines.
func (s *sums) note(p string, src []byte, sum cache.Key) {
	if len(src) == 0 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last == nil {
		s.last = map[string]srcSum{}
	}
	s.last[p] = srcSum{p: &src[0], n: len(src), sum: sum}
}

// of returns the SHA-256 of every manual's source.
func (s *sums) of(ms []*manual.Manual) map[*manual.Manual]cache.Key {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]cache.Key, len(ms))
	todo := make([]bool, len(ms))
	for i, m := range ms {
		if r, ok := s.last[m.Path]; ok && len(m.Src) > 0 && r.p == &m.Src[0] && r.n == len(m.Src) {
			out[i] = r.sum
			continue
		}
		todo[i] = true
	}
	forEach(len(ms), func(i int) {
		if todo[i] {
			out[i] = cache.Of(ms[i].Src)
		}
	})
	next := make(map[string]srcSum, len(ms))
	byManual := make(map[*manual.Manual]cache.Key, len(ms))
	for i, m := range ms {
		byManual[m] = out[i]
		if len(m.Src) > 0 {
			next[m.Path] = srcSum{p: &m.Src[0], n: len(m.Src), sum: out[i]}
		}
	}
	s.last = next
	return byManual
}
