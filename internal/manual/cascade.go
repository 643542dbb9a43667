package manual

import (
	"path"
	"strings"
)

// Cascade resolves manual names through an ordered list of folders, the
// manualPaths of a recipe: manual_read(name) takes the first match in that
// order that is visible to the asker (Visibility). Within one folder,
// files are taken in path order.
type Cascade struct {
	Paths []string
	// Visibility is who the cascade resolves for.
	Visibility Visibility
	// Order lists every manual reachable through Paths, winners, shadowed
	// and hidden alike, in precedence order.
	Order []*Manual
	win   map[string]*Manual
	lost  map[string][]*Manual
	// hides are the hidden manuals that come before the visible winner of
	// their name: each would win if it were visible.
	hides map[string][]*Manual
}

// Cascade builds the cascade of the manuals of s through paths (folders,
// as written in a recipe's manualPaths; "manuals/" and "manuals" are the
// same) for an inspection: every manual is visible. A folder includes its
// sub-folders. With no paths, every manual of s takes part in path order.
func (s *Set) Cascade(paths []string) *Cascade {
	return s.CascadeFor(paths, Visibility{AnyTools: true})
}

// CascadeFor builds the cascade through paths for v: the winner of a name
// is its first manual visible to v; a manual hidden from v never wins and
// never shadows.
func (s *Set) CascadeFor(paths []string, v Visibility) *Cascade {
	c := &Cascade{Paths: paths, Visibility: v, win: make(map[string]*Manual, len(s.Manuals)), lost: map[string][]*Manual{}, hides: map[string][]*Manual{}}
	// taken is indexed like s.Manuals: a manual under two of the paths
	// is added once (a slice, not a map: thousands of manuals, several
	// cascades per build).
	taken := make([]bool, len(s.Manuals))
	var hidden []*Manual
	add := func(i int) {
		if taken[i] {
			return
		}
		taken[i] = true
		m := s.Manuals[i]
		c.Order = append(c.Order, m)
		switch _, won := c.win[m.Name]; {
		case !v.Sees(m):
			if !won {
				hidden = append(hidden, m)
			}
		case won:
			c.lost[m.Name] = append(c.lost[m.Name], m)
		default:
			c.win[m.Name] = m
		}
	}
	if len(paths) == 0 {
		for i := range s.Manuals {
			add(i)
		}
	} else {
		for _, p := range paths {
			dir := path.Clean(strings.TrimSuffix(p, "/"))
			for i, m := range s.Manuals {
				if InDir(m.Path, dir) {
					add(i)
				}
			}
		}
	}
	for _, m := range hidden {
		if c.win[m.Name] != nil {
			c.hides[m.Name] = append(c.hides[m.Name], m)
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

// Resolve returns the manual that manual_read(name) returns, or nil: the
// first manual called name that is visible. A hidden manual is never
// returned, asked for by name or not.
func (c *Cascade) Resolve(name string) *Manual { return c.win[name] }

// Shadowed returns the visible manuals called name that lose to the
// winner, in precedence order.
func (c *Cascade) Shadowed(name string) []*Manual { return c.lost[name] }

// Hides returns the hidden manuals called name that come before its
// visible winner, in precedence order: each would shadow the winner if it
// were visible (lint ref/hidden-shadow).
func (c *Cascade) Hides(name string) []*Manual { return c.hides[name] }

// Winners returns the winning manual of every name, in precedence order:
// exactly the manuals visible through the cascade.
func (c *Cascade) Winners() []*Manual {
	out := make([]*Manual, 0, len(c.win))
	for _, m := range c.Order {
		if c.win[m.Name] == m {
			out = append(out, m)
		}
	}
	return out
}
