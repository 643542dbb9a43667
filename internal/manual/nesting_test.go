package manual

import (
	"fmt"
	"strings"
	"testing"
)

// indentedList is a list nested n levels deep by indentation, one level a
// line.
func indentedList(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(strings.Repeat("  ", i) + "- x\n")
	}
	return b.String()
}

// footnotes is n footnotes, each referred to refs times.
func footnotes(n, refs int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "text%s\n\n[^%d]: note\n\n", strings.Repeat(fmt.Sprintf(" [^%d]", i), refs), i)
	}
	return b.String()
}

func TestNestingDepth(t *testing.T) {
	for _, c := range []struct {
		name, src string
		deep      bool
	}{
		{"indented list", indentedList(MaxNesting + 1), true},
		{"indented list at the limit", indentedList(MaxNesting), false},
		{"ordered, by indentation", func() string {
			var b strings.Builder
			for i := range 150 {
				b.WriteString(strings.Repeat("   ", i) + "1. x\n")
			}
			return b.String()
		}(), true},
		{"tabs", func() string {
			var b strings.Builder
			for i := range 150 {
				b.WriteString(strings.Repeat("\t", i) + "- x\n")
			}
			return b.String()
		}(), true},
		{"quoted list", func() string {
			var b strings.Builder
			for i := range 150 {
				b.WriteString("> " + strings.Repeat("  ", i) + "- x\n")
			}
			return b.String()
		}(), true},
		{"lazy lines do not close items", func() string {
			var b strings.Builder
			for i := range 150 {
				b.WriteString(strings.Repeat("  ", i) + "- x\nlazy\n")
			}
			return b.String()
		}(), true},
		{"a long flat list", strings.Repeat("- x\n  - y\n\n", 500), false},
		{"footnotes", footnotes(maxFootnotes+1, 1), true},
		{"footnotes at the limit", footnotes(maxFootnotes, 1), false},
		{"many references to many footnotes", footnotes(maxFootnotes, maxScan/maxFootnotes/maxFootnotes+1), true},
		{"many references to a few footnotes", footnotes(10, 1000), false},
		{"flat items after text", strings.Repeat("text\n- a\n- b\n\n", 500), false},
		{"code indented deeper and deeper", func() string {
			var b strings.Builder
			for i := range 150 {
				b.WriteString(strings.Repeat("      ", i) + "- x\n")
			}
			return b.String()
		}(), false},
	} {
		_, _, why := tooComplexSteps([]byte(c.src))
		if (why != "") != c.deep {
			t.Errorf("%s: too complex = %q, want deep = %v", c.name, why, c.deep)
		}
	}
}

// TestNestingLinear checks that counting nesting takes work linear in the
// input: the steps of the scan stay within a small multiple of its bytes,
// for lists nested by indentation as deep as the largest file allows.
func TestNestingLinear(t *testing.T) {
	for _, n := range []int{100, 1300, 4000} {
		var b strings.Builder
		for i := range n {
			// Alternate deepening and closing runs, the worst order for a
			// stack that is rebuilt on every line.
			d := i % 1300
			b.WriteString(strings.Repeat("  ", d) + "- x\n")
		}
		src := []byte(b.String())
		var nest nesting
		for _, l := range strings.SplitAfter(string(src), "\n") {
			nest.line([]byte(l))
		}
		if nest.steps > 3*len(src) {
			t.Errorf("%d lines, %d bytes: %d steps, over 3 per byte", n, len(src), nest.steps)
		}
	}
}
