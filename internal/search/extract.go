package search

import (
	"github.com/yuin/goldmark/ast"

	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/par"
)

// extraction is a source's entries, extracted ahead of the build.
type extraction struct {
	plans    []plan
	entries  []*entry
	byManual map[*manual.Manual]int // the plan of each manual
}

// Extracted returns src with the texts of every entry whose manual holds
// its parsed Markdown (Manual.Doc) extracted now, on every core: building
// its catalog needs those parsed manuals no more, so the caller may let
// them go before the build. The entries of manuals without it (restored
// from their model) are extracted when a build needs them.
func Extracted(src Source) Source {
	ps := plans(src)
	es := make([]*entry, len(ps))
	forEach(len(ps), func(i int) {
		if ps[i].m == nil || ps[i].m.Doc != nil {
			es[i] = ps[i].entry()
		}
	})
	x := &extraction{plans: ps, entries: es, byManual: make(map[*manual.Manual]int, len(ps))}
	for i, p := range ps {
		if p.m != nil {
			x.byManual[p.m] = i
		}
	}
	src.extracted = x
	return src
}

// Give extracts the entry of manual m, whose body is parsed into doc,
// unless it was extracted already: a build that parses each body once for
// its page hands the parsed Markdown over here, so that the catalog does
// not parse it again. src must be Extracted. Give may be called for
// different manuals at once, not while the catalog is built.
func (src Source) Give(m *manual.Manual, doc ast.Node) {
	x := src.extracted
	if x == nil || doc == nil {
		return
	}
	if i, ok := x.byManual[m]; ok && x.entries[i] == nil {
		x.entries[i] = x.plans[i].entryWith(doc)
	}
}

// planned returns the plans of src's entries and a function that returns
// the entry of a plan (by position): taken out of the extraction when src
// was Extracted (the extraction holds it no more: asked again, it is
// extracted from the manual anew), else extracted from the manuals now.
// It may be called for different positions at once.
func (src Source) planned() ([]plan, func(i int) *entry) {
	if x := src.extracted; x != nil {
		return x.plans, func(i int) *entry {
			if e := x.entries[i]; e != nil {
				x.entries[i] = nil
				return e
			}
			return x.plans[i].entry()
		}
	}
	ps := plans(src)
	return ps, func(i int) *entry { return ps[i].entry() }
}

// forEach calls f for 0…n-1 on every core (par.Each, at most GOMAXPROCS
// at once) and returns when every call has returned.
func forEach(n int, f func(i int)) { par.Each(n, f) }
