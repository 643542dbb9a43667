package manual

import (
	"strings"
	"testing"
	"time"
)

// pathoCases are inputs of about n bytes that stress the parser.
func pathoCases(n int) map[string]string {
	return map[string]string{
		"brackets":   strings.Repeat("[", n),
		"brackets2":  strings.Repeat("[a](", n/4),
		"brackets3":  strings.Repeat("[a]", n/3),
		"brackets4":  strings.Repeat("](", n/2),
		"brackets5":  strings.Repeat("![a](<", n/6),
		"parens":     "[a](" + strings.Repeat("(", n),
		"emph":       strings.Repeat("*a", n/2),
		"emph2":      strings.Repeat("*a _b ", n/6),
		"emph3":      strings.Repeat("**", n/2) + "a",
		"emph4":      strings.Repeat("*a_", n/3),
		"emph5":      strings.Repeat("_a*", n/3),
		"emph6":      strings.Repeat("~a_", n/3),
		"quote":      strings.Repeat(">", n),
		"quotes":     strings.Repeat("> a\n", n/4),
		"list":       strings.Repeat("- ", n/2),
		"olist":      strings.Repeat("1. ", n/3),
		"backticks":  strings.Repeat("`", n),
		"backticks2": strings.Repeat("`a``", n/4),
		"backticks3": strings.Repeat("``", n/2) + "`",
		"lines":      strings.Repeat("a\n", n/2),
		"table":      "|a|b|\n|-|-|\n" + strings.Repeat("|x|y|\n", n/6),
		"tablewide":  strings.Repeat("|a", n/4) + "\n" + strings.Repeat("|-", n/4) + "\n" + strings.Repeat("|x", n/4) + "\n",
		"mr":         strings.Repeat("manual_read('", n/13),
		"header":     "---\n" + strings.Repeat("k: v\n", n/5),
		"headerdup":  "---\n" + strings.Repeat("triggers:\n  - a\n", n/16) + "---\n",
		"links":      strings.Repeat("[x](#a) ", n/8),
		"reflinks":   "[r]: #a\n" + strings.Repeat("[r] ", n/4),
		"refdefs":    strings.Repeat("[r]: #a\n", n/8),
		"refs":       strings.Repeat("`manual_read('a')` ", n/20),
		"refs2":      strings.Repeat("`manual_read('a')`\n```\nx\n```\n", n/30),
		"html":       strings.Repeat("<div>", n/5),
		"htmlc":      strings.Repeat("<!--", n/4),
		"lt":         strings.Repeat("<", n),
		"ltauto":     strings.Repeat("<a", n/2),
		"entities":   strings.Repeat("&amp;", n/5),
		"amp":        strings.Repeat("&", n),
		"autolink":   strings.Repeat("www.a.com ", n/10),
		"autolink2":  strings.Repeat("www.", n/4),
		"email":      strings.Repeat("a@", n/2),
		"footnote":   strings.Repeat("[^a]", n/4),
		"footdefs":   strings.Repeat("[^a]: x\n", n/8),
		"heading":    strings.Repeat("# a\n", n/4),
		"setext":     strings.Repeat("a\n=\n", n/4),
		"indent":     strings.Repeat(" ", n) + "x",
		"tildes":     strings.Repeat("~", n),
		"tildes2":    strings.Repeat("~~a", n/3),
		"backslash":  strings.Repeat("\\", n),
		"tasks":      strings.Repeat("- [ ] ", n/6),
		"nestedlist": func() string {
			var b strings.Builder
			for i := 0; b.Len() < n; i++ {
				b.WriteString(strings.Repeat("  ", i) + "- x\n")
			}
			return b.String()
		}(),
		"nestedquote": func() string {
			var b strings.Builder
			for i := 1; b.Len() < n; i++ {
				b.WriteString(strings.Repeat("> ", i%99) + "x\n")
			}
			return b.String()
		}(),
	}
}

// TestPathologicalInputs parses structures on which Markdown parsers
// (or lore's own passes) can take time quadratic in their size, each as
// large as half the largest file lore reads. Each must finish; the
// watchdog catches a hang long before the test binary's timeout.
func TestPathologicalInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("large inputs")
	}
	for name, src := range pathoCases(MaxFileSize / 2) {
		done := make(chan struct{})
		go func() {
			defer close(done)
			m := Parse("m.md", []byte(src))
			if m.Lines == 0 && len(src) > 0 {
				t.Errorf("%s: no lines", name)
			}
		}()
		select {
		case <-done:
		case <-time.After(time.Minute):
			t.Fatalf("%s: parsing %d bytes did not finish within a minute", name, len(src))
		}
	}
}
