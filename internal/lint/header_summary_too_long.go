package lint

import (
	"unicode/utf8"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// maxSummary is the longest summary of a lore header, in characters.
const maxSummary = 200

var headerSummaryTooLong = &Rule{
	ID: "header/summary-too-long", Severity: diag.Warning,
	Summary: "a header's summary is over 200 characters",
	Doc: "The summary is the one sentence the model reads when it decides which manual to load, and `manual_list`, the catalog and " +
		"the site show it beside every other. Over 200 characters it is a paragraph that costs tokens on every routing decision; " +
		"say what the manual covers in one sentence and leave the details to the body. (An Agent Skills description has its own " +
		"limit of 1024 characters, skill/description.)",
	Scope: ScopeManual,
	Manual: func(p *Pass, m *manual.Manual) {
		if m.Dialect != manual.Lore || m.InSkill() {
			return
		}
		f, ok := m.Header.Field(manual.KeySummary)
		if n := utf8.RuneCountInString(f.Value); ok && n > maxSummary {
			p.ReportRange(m, f.Line, f.Col, f.Line, f.Col+n,
				"summary has %d characters, over the limit of %d: say in one sentence what the manual covers", n, maxSummary)
		}
	},
}
