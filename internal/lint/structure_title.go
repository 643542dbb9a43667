package lint

import (
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

var structureTitle = &Rule{
	ID: "structure/title", Severity: diag.Warning,
	Summary: "no H1",
	Doc: "A manual starts with `# <Topic>` followed by one or two sentences on what it covers and what it does not (seed 000 §3). " +
		"The title is the page title on the site and the first thing the model reads after `manual_read`. Agent Skills documents and their " +
		"resources follow their own conventions and are not checked.",
	Scope: ScopeManual,
	Manual: func(p *Pass, m *manual.Manual) {
		if m.Dialect != manual.Lore || m.Title != "" || m.Unparsed || m.InSkill() {
			return
		}
		p.Report(m, bodyLine(m), 1, "no title: start the body with `# <Topic>` and one or two sentences on what this manual covers")
	},
}
