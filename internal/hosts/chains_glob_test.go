package hosts

import (
	"strings"
	"testing"
)

// The literal end of a glob that find checks before the glob's regexp
// rejects no path the regexp matches: over globs of every wildcard form
// and paths that end in, around and inside their literal parts.
func TestGlobTailRejectsNoMatch(t *testing.T) {
	globs := []string{"**/*.instructions.md", "*.md", "docs/**", "a?c.md", "**/x*y?.txt", ".github/*/rules.md", "*", "**", "a*"}
	paths := []string{"a.instructions.md", "x/a.instructions.md", "x/y/.instructions.md", "a.instructions.mdx", "abc.md", "a/bc.md",
		"docs/a", "docs", "xy1.txt", "q/xzzy2.txt", "xy.txt", ".github/a/rules.md", ".github/rules.md", "a", "", "b/a", "a?c.md"}
	matched := 0
	for _, g := range globs {
		re := globRE(g)
		tail := g[strings.LastIndexAny(g, "*?")+1:]
		for _, p := range paths {
			if re.MatchString(p) {
				matched++
				if !strings.HasSuffix(p, tail) {
					t.Errorf("glob %q matches %q, which lacks its tail %q", g, p, tail)
				}
			}
		}
	}
	if matched < 10 {
		t.Fatalf("only %d matches: the test checks too little", matched)
	}
}
