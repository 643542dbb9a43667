package site

import (
	"sync"

	"github.com/lorekit/lore/internal/cache"
)

// Strays counts the layouts still running after their page failed by the
// layouts' time limit, by the identity of the theme's layouts. html/template
// cannot be stopped: a layout that loops without writing runs on after its
// page has failed, on a goroutine of its own. A build that kept trying
// every page with the same layouts would leave one more such goroutine per
// worker each time (in lore serve, one set per saved file, until the
// machine crawls). While a layout of the same identity still runs, a page
// fails at once instead of starting another.
//
// A Session keeps one Strays for all its builds; a nil *Strays is a fresh
// one per rendering. The zero value is ready to use.
type Strays struct {
	mu      sync.Mutex
	running map[cache.Key]int
}

// count returns how many layouts of identity k still run.
func (s *Strays) count(k cache.Key) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.running[k]
}

// add records one more layout of identity k left running.
func (s *Strays) add(k cache.Key) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.running == nil {
		s.running = map[cache.Key]int{}
	}
	s.running[k]++
}

// done records that a layout of identity k left running has returned.
func (s *Strays) done(k cache.Key) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.running[k]--; s.running[k] <= 0 {
		delete(s.running, k)
	}
}

// layoutCall is one page's layout run: whether it returned, and whether
// the page gave up waiting for it (it then counts as a stray until it
// returns).
type layoutCall struct {
	mu                  sync.Mutex
	returned, abandoned bool
}

// finish marks the run returned, ending its stray count if it was one.
func (c *layoutCall) finish(s *Strays, k cache.Key) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.returned = true
	if c.abandoned {
		s.done(k)
	}
}

// abandon marks the run given up on; it counts as a stray of identity k
// unless it has returned meanwhile.
func (c *layoutCall) abandon(s *Strays, k cache.Key) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.returned {
		c.abandoned = true
		s.add(k)
	}
}
