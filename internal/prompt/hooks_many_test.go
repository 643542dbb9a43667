package prompt

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// A paragraph of thousands of hooks (a 2 MiB prompt holds 60,000) is
// baked and linted in time that grows with its length, not its square:
// each hook's paragraph was walked, joined and judged by prompt/hook-trigger
// again, so 20,000 hooks took hours. Two sizes are compared (8 times the
// hooks must cost under 32 times the time), so the machine's speed does
// not matter.
func TestHooksOfOneParagraphScaleLinearly(t *testing.T) {
	if testing.Short() {
		t.Skip("bakes 2,400 hooks")
	}
	cost := func(n int) time.Duration {
		var b strings.Builder
		b.WriteString("<!-- block: hooks -->\n")
		for i := range n {
			fmt.Fprintf(&b, "Then `manual_read('m%d')` for the case %d\n", i, i)
		}
		files := map[string]string{"lore.yaml": minimalYAML, "prompts/arthur.md": b.String()}
		best := time.Duration(1 << 62)
		for range 2 {
			start := time.Now()
			res := bakeAll(t, files)
			best = min(best, time.Since(start))
			if len(find(res.Diagnostics, RuleUnknownManual)) == 0 {
				t.Fatal("no hook was judged")
			}
		}
		return best
	}
	small, large := cost(300), cost(2400)
	if ratio := float64(large) / float64(small); ratio > 32 {
		t.Errorf("8 times the hooks cost %.0f times the time (%v against %v): quadratic", ratio, large, small)
	}
}
