package site

import (
	"path"
	"slices"

	"github.com/lorekit/lore/internal/manual"
)

// refs is who refers to whom among the manuals' pages: manual_read('x')
// (to the page manual_read('x') loads) and relative Markdown links to
// another manual's file (SKILL.md → references/*.md). Both are
// references: the graph draws them, and each manual page shows its
// neighbourhood.
type refs struct {
	out, in map[*Manual][]*Manual // in order of first appearance; in by path
}

// refsOf computes the references between the manuals of the run.
func (r *run) refsOf() *refs {
	g := &refs{out: map[*Manual][]*Manual{}, in: map[*Manual][]*Manual{}}
	byURL := map[string]*Manual{}
	for _, m := range r.in.Manuals {
		byURL[m.URL] = m
	}
	for _, m := range r.in.Manuals {
		seen := map[*Manual]bool{m: true}
		add := func(t *Manual) {
			if t != nil && !seen[t] {
				seen[t] = true
				g.out[m] = append(g.out[m], t)
				g.in[t] = append(g.in[t], m)
			}
		}
		for _, name := range m.References {
			add(r.primary[name])
		}
		for _, ref := range m.M.Refs {
			if ref.Kind == manual.RefLink && ref.Target != "" && !ref.Image {
				add(byURL[r.file(path.Join(path.Dir(m.M.Path), ref.Target))])
			}
		}
	}
	// in lists by path: the manuals are in path order.
	order := map[*Manual]int{}
	for i, m := range r.in.Manuals {
		order[m] = i
	}
	for _, l := range g.in {
		slices.SortFunc(l, func(a, b *Manual) int { return order[a] - order[b] })
	}
	return g
}

// refGraph returns the references, computed once per run.
func (r *run) refGraph() *refs {
	r.refsOnce.Do(func() { r.refs = r.refsOf() })
	return r.refs
}
