package build

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/lorekit/lore/internal/manual"
)

// The manuals a manual reads are listed once each, in the order of their
// first read, links left out.
func TestManualRefsDistinctInOrder(t *testing.T) {
	m := &manual.Manual{Refs: []manual.Ref{
		{Kind: manual.RefManual, Target: "b"}, {Kind: manual.RefManual, Target: "a"},
		{Kind: manual.RefManual, Target: "b"}, {Kind: manual.RefLink, Target: "c"}, {Kind: manual.RefManual, Target: "a"},
	}}
	if got := manualRefs(m); !slices.Equal(got, []string{"b", "a"}) {
		t.Errorf("manualRefs = %v, want [b a]", got)
	}
}

// A manual of 100,000 distinct manual_read calls (2 MiB holds that many)
// is listed in time that grows with its reads, not their square: each
// read was searched for in the list of those before it. Two sizes are
// compared (8 times the reads must cost under 32 times the time), so the
// machine's speed does not matter.
func TestManualRefsScaleLinearly(t *testing.T) {
	if testing.Short() {
		t.Skip("lists 40,000 reads")
	}
	cost := func(n int) time.Duration {
		m := &manual.Manual{}
		for i := range n {
			m.Refs = append(m.Refs, manual.Ref{Kind: manual.RefManual, Target: fmt.Sprintf("m%d", i)})
		}
		best := time.Duration(1 << 62)
		for range 3 {
			start := time.Now()
			if got := len(manualRefs(m)); got != n {
				t.Fatalf("%d reads listed, want %d", got, n)
			}
			best = min(best, time.Since(start))
		}
		return best
	}
	small, large := cost(5000), cost(40000)
	if ratio := float64(large) / float64(small); ratio > 32 {
		t.Errorf("8 times the reads cost %.0f times the time (%v against %v): quadratic", ratio, large, small)
	}
}
