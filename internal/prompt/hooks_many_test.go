package prompt

import (
	"fmt"
	"strings"
	"testing"
)

// A paragraph of 2,400 hooks (a 2 MiB prompt holds 60,000) is baked and
// its hooks judged by prompt/hook-trigger. How the time grows with the
// hooks (each hook's paragraph was walked, joined and judged again:
// quadratic, 20,000 hooks took hours) is BenchmarkHooksOfOneParagraph's to
// show, at 300 and 2,400.
func TestHooksOfOneParagraphMany(t *testing.T) {
	res := bakeAll(t, hookFiles(2400))
	if len(find(res.Diagnostics, RuleUnknownManual)) == 0 {
		t.Fatal("no hook was judged")
	}
}

func BenchmarkHooksOfOneParagraph(b *testing.B) {
	for _, n := range []int{300, 2400} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			files := hookFiles(n)
			for b.Loop() {
				bakeAll(b, files)
			}
		})
	}
}

// hookFiles is a project whose prompt holds one paragraph of n hooks.
func hookFiles(n int) map[string]string {
	var b strings.Builder
	b.WriteString("<!-- block: hooks -->\n")
	for i := range n {
		fmt.Fprintf(&b, "Then `manual_read('m%d')` for the case %d\n", i, i)
	}
	return map[string]string{"lore.yaml": minimalYAML, "prompts/arthur.md": b.String()}
}
