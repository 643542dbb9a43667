package lint

import (
	"path"
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

var skillDescription = &Rule{
	ID: "skill/description", Severity: diag.Error,
	Summary: "an Agent Skills description is missing, empty or over 1024 characters",
	Doc: "The description is what an agent reads to decide whether to load a skill, and what lore uses as the manual's summary. " +
		"SKILL.md, `.agent.md` and `.prompt.md` files need one of 1–1024 characters saying what the document does and when to use it; " +
		"in `.instructions.md` files it is optional but held to the same length.",
	Scope: ScopeManual,
	Manual: func(p *Pass, m *manual.Manual) {
		if m.Dialect != manual.Skill || m.Header.Meta == nil && m.Header.Present {
			return
		}
		required := !strings.HasSuffix(path.Base(m.Path), ".instructions.md")
		line := max(m.Header.Start, 1)
		if f, ok := m.Header.Field("description"); ok {
			line = f.Line
		}
		v, ok := m.Header.Meta["description"]
		if !ok || v == nil {
			if required && m.Header.Present {
				p.Report(m, line, 1, "no `description:`: add one line (at most %d characters) saying what this does and when to use it", manual.MaxSkillDescription)
			}
			return
		}
		d, isStr := v.(string)
		if !isStr {
			p.Report(m, line, 1, "description is not text (YAML read it as %T): quote it", v)
			return
		}
		n := len([]rune(strings.TrimSpace(d)))
		switch {
		case n == 0:
			p.Report(m, line, 1, "description is empty: say what this does and when to use it")
		case n > manual.MaxSkillDescription:
			p.Report(m, line, 1, "description has %d characters, over the limit of %d: shorten it and move detail into the body", n, manual.MaxSkillDescription)
		}
	},
}
