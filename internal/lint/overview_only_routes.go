package lint

import (
	"regexp"
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

var tableDelimiter = regexp.MustCompile(`^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$`)

var overviewOnlyRoutes = &Rule{
	ID: "overview/only-routes", Severity: diag.Error,
	Summary: "an overview line that is not a `manual_read('…')` route, heading or intro",
	Doc: "A routing overview (overview.md) contains exclusively \"if X → `manual_read('Y')`\" routes (seed 000 §3, §5): " +
		"headings, one intro paragraph after the title, and lines or table rows that each carry a `manual_read('…')` call. " +
		"Anything else is content that belongs in a specialised manual, where the model finds it after routing. A routing overview is " +
		"`overview.md`, or `<family>-overview.md` with at least one `manual_read` route (a page that merely gives an overview of a subject, " +
		"such as `test-slices-overview.md`, is an ordinary manual).",
	Scope: ScopeManual,
	Manual: func(p *Pass, m *manual.Manual) {
		if !m.IsOverview() {
			return
		}
		first := m.Header.End + 1
		inComment, seenRoute, intro := false, false, 0 // intro: 0 before, 1 inside, 2 after
		inFence := false
		for n := first; n <= m.Lines; n++ {
			t := strings.TrimSpace(m.Line(n))
			switch {
			case inComment:
				inComment = !strings.Contains(t, "-->")
				continue
			case strings.HasPrefix(t, "<!--"):
				inComment = !strings.Contains(t, "-->")
				continue
			case strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"):
				inFence = !inFence
			}
			if t == "" {
				if intro == 1 {
					intro = 2
				}
				continue
			}
			if strings.HasPrefix(t, "#") || tableDelimiter.MatchString(t) || strings.Contains(t, "manual_read(") {
				if strings.Contains(t, "manual_read(") {
					seenRoute = true
				}
				if strings.HasPrefix(t, "#") && intro == 0 {
					continue
				}
				if intro == 1 {
					intro = 2
				}
				continue
			}
			if !seenRoute && intro < 2 && !inFence {
				intro = 1
				continue
			}
			if isTableHeader(m, n) {
				continue
			}
			p.Report(m, n, 1, "a routing overview holds only routes: this line has no `manual_read('…')` call; move the content into a specialised manual or turn it into a route")
		}
	},
}

// isTableHeader reports whether line n is the header row of a table (the
// next line is a delimiter row).
func isTableHeader(m *manual.Manual, n int) bool {
	return strings.HasPrefix(strings.TrimSpace(m.Line(n)), "|") && tableDelimiter.MatchString(strings.TrimSpace(m.Line(n+1))) ||
		strings.Contains(m.Line(n), "|") && tableDelimiter.MatchString(strings.TrimSpace(m.Line(n+1)))
}
