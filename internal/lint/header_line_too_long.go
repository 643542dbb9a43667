package lint

import (
	"unicode/utf8"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// maxHeaderLine is the longest line of a lore header, in bytes.
const maxHeaderLine = 1000

var headerLineTooLong = &Rule{
	ID: "header/line-too-long", Severity: diag.Error,
	Summary: "a header line is over 1,000 bytes",
	Doc: "A header line is one key and a short value: a few triggers, one sentence of summary, a tool list. A line of over 1,000 bytes " +
		"is not a value but pasted text or generated noise, and every consumer of the header (`how_do_i`, `manual_list`, the site) would " +
		"carry it. Shorten the value; long text belongs in the body. Not checked in Agent Skills front matter, whose description " +
		"skill/description bounds.",
	Scope: ScopeManual,
	Manual: func(p *Pass, m *manual.Manual) {
		h := m.Header
		if m.Dialect != manual.Lore || m.InSkill() || !h.Present || h.End == 0 {
			return
		}
		for n := h.Start + 1; n < h.End; n++ {
			if l := m.Line(n); len(l) > maxHeaderLine {
				p.ReportRange(m, n, 1, n, utf8.RuneCountInString(l)+1,
					"header line of %d bytes, over the limit of %d: shorten the value; long text belongs in the body", len(l), maxHeaderLine)
			}
		}
	},
}
