package search

import (
	"runtime"
	"sync"
	"sync/atomic"
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
	parallel(len(ps), func(i int) { es[i] = ps[i].entry() })
	src.extracted = &extraction{plans: ps, entries: es}
	return src
}

// parallel calls f(i) for every i in [0, n) on every core.
func parallel(n int, f func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				f(i)
			}
		})
	}
	wg.Wait()
}
