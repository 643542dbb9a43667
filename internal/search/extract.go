package search

import (
	"runtime"

	"golang.org/x/sync/errgroup"
)

// extraction is a source's entries, extracted ahead of the build.
type extraction struct {
	plans   []plan
	entries []*entry
}

// Extracted returns src with the texts of every entry extracted now, on
// every core: building its catalog needs the manuals' parsed Markdown
// (Manual.Doc) no more, so the caller may let it go before the build.
func Extracted(src Source) Source {
	ps := plans(src)
	es := make([]*entry, len(ps))
	forEach(len(ps), func(i int) { es[i] = ps[i].entry() })
	src.extracted = &extraction{plans: ps, entries: es}
	return src
}

// planned returns the plans of src's entries and a function that returns
// the entry of a plan (by position): taken from the extraction when src
// was Extracted, else extracted from the manuals now.
func (src Source) planned() ([]plan, func(i int) *entry) {
	if x := src.extracted; x != nil {
		return x.plans, func(i int) *entry { return x.entries[i] }
	}
	ps := plans(src)
	return ps, func(i int) *entry { return ps[i].entry() }
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
