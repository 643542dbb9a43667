package lint

import (
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

var hostIgnoredField = &Rule{
	ID: "host/ignored-field", Severity: diag.Info,
	Summary: "a SKILL.md front-matter field that a targeted host does not read",
	Doc: "Each host reads its own set of front-matter fields: Codex name, description and metadata; Claude Code also when_to_use, " +
		"allowed-tools, paths and more. A field the host does not read changes nothing there: `when_to_use` is not in Codex's " +
		"listing, `allowed-tools` pre-approves nothing in Codex, and `triggers` (which lore reads) reaches no host. Move what " +
		"matters into the description, or accept that the field serves other hosts only. The fields each host reads are listed " +
		"in its profile (internal/hosts/profiles).",
	Manual: func(p *Pass, m *manual.Manual) {
		if !m.IsSkillEntry() || m.Header.Meta == nil || p.In.Config == nil || len(p.In.Config.Hosts.Targets) == 0 {
			return
		}
		for _, f := range m.Header.Fields {
			var deaf []string
			for _, t := range p.In.Config.Hosts.Targets {
				h := p.In.Config.Hosts.Profile(t)
				if h != nil && !slices.Contains(h.Skills.Fields, f.Key) {
					deaf = append(deaf, t)
				}
			}
			if len(deaf) > 0 {
				verb := "does"
				if len(deaf) > 1 {
					verb = "do"
				}
				p.ReportRange(m, f.Line, 1, f.Line, len(f.Key)+1, "%s: %s %s not read `%s`; it has no effect there", f.Key, andList(deaf), verb, f.Key)
			}
		}
	},
}

// andList joins ws as "a, b and c".
func andList(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}
