package manual

import (
	"path"
	"strings"
)

// Cascade resolves manual names through an ordered list of folders, the
// manualPaths of a recipe: manual_read(name) takes the first match in that
// order. Within one folder, files are taken in path order.
type Cascade struct {
	Paths []string
	// Order lists every manual reachable through Paths, winners and shadowed
	// alike, in precedence order.
	Order []*Manual
	win   map[string]*Manual
	lost  map[string][]*Manual
}

// Cascade builds the cascade of the manuals of s through paths (folders, as
// written in a recipe's manualPaths; "manuals/" and "manuals" are the
// same). A folder includes its sub-folders. With no paths, every manual of
// s takes part in path order.
func (s *Set) Cascade(paths []string) *Cascade {
	c := &Cascade{Paths: paths, win: map[string]*Manual{}, lost: map[string][]*Manual{}}
	taken := map[*Manual]bool{}
	add := func(m *Manual) {
		if taken[m] {
			return
		}
		taken[m] = true
		c.Order = append(c.Order, m)
		if _, ok := c.win[m.Name]; ok {
			c.lost[m.Name] = append(c.lost[m.Name], m)
			return
		}
		c.win[m.Name] = m
	}
	if len(paths) == 0 {
		for _, m := range s.Manuals {
			add(m)
		}
		return c
	}
	for _, p := range paths {
		dir := path.Clean(strings.TrimSuffix(p, "/"))
		for _, m := range s.Manuals {
			if InDir(m.Path, dir) {
				add(m)
			}
		}
	}
	return c
}

// InDir reports whether slash path p lies inside folder dir.
func InDir(p, dir string) bool {
	if dir == "." || dir == "" {
		return !strings.HasPrefix(p, "../")
	}
	return strings.HasPrefix(p, dir+"/")
}

// Resolve returns the manual that manual_read(name) returns, or nil.
func (c *Cascade) Resolve(name string) *Manual { return c.win[name] }

// Shadowed returns the manuals called name that lose to the winner, in
// precedence order.
func (c *Cascade) Shadowed(name string) []*Manual { return c.lost[name] }

// Winners returns the winning manual of every name, in precedence order.
func (c *Cascade) Winners() []*Manual {
	out := make([]*Manual, 0, len(c.win))
	for _, m := range c.Order {
		if c.win[m.Name] == m {
			out = append(out, m)
		}
	}
	return out
}
