package lint

import (
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// apiReferenceCount is the number of small manuals in one folder that
// makes it an API reference.
const apiReferenceCount = 5

var splitAPIReference = &Rule{
	ID: "split/api-reference", Severity: diag.Warning,
	Summary: "a folder of five or more manuals each under 30 lines",
	Doc: "\"API-reference style\", one manual per function or constant, is an anti-pattern (seed 000 §5): manuals are grouped " +
		"thematically, not alphabetically, and each read should answer a whole question. When a folder holds five or more manuals " +
		"and every one is under 30 lines, merge them into a few thematic manuals. Small resources of an Agent Skills folder (themes, templates), " +
		"read through the skill's links, do not count.",
	Project: func(p *Pass) {
		byDir := map[string][]*manual.Manual{}
		var dirs []string
		for _, m := range p.In.Manuals.Manuals {
			if m.Dialect != manual.Lore || m.InSkill() {
				continue // a skill's small resources (themes, templates) are read through its links
			}
			d := m.Dir()
			if _, ok := byDir[d]; !ok {
				dirs = append(dirs, d)
			}
			byDir[d] = append(byDir[d], m)
		}
		for _, d := range dirs {
			ms := byDir[d]
			if len(ms) < apiReferenceCount {
				continue
			}
			small := true
			for _, m := range ms {
				if m.Lines >= manual.FragmentLines {
					small = false
					break
				}
			}
			if small {
				p.Report(ms[0], 1, 1, "folder %s holds %d manuals, each under %d lines (API-reference style): group them into a few thematic manuals", d, len(ms), manual.FragmentLines)
			}
		}
	},
}
