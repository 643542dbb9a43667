package build

import (
	"fmt"
	"slices"
	"testing"

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

// A manual of 40,000 distinct manual_read calls (2 MiB holds 100,000)
// lists every one of them once. How the time grows with the reads (each
// read was searched for in the list of those before it: quadratic) is
// BenchmarkManualRefs's to show, at 5,000 and 40,000.
func TestManualRefsManyDistinct(t *testing.T) {
	m := manyRefs(40000)
	if got := len(manualRefs(m)); got != 40000 {
		t.Fatalf("%d reads listed, want 40000", got)
	}
}

func BenchmarkManualRefs(b *testing.B) {
	for _, n := range []int{5000, 40000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m := manyRefs(n)
			for b.Loop() {
				manualRefs(m)
			}
		})
	}
}

// manyRefs returns a manual that reads n distinct manuals.
func manyRefs(n int) *manual.Manual {
	m := &manual.Manual{}
	for i := range n {
		m.Refs = append(m.Refs, manual.Ref{Kind: manual.RefManual, Target: fmt.Sprintf("m%d", i)})
	}
	return m
}
