package lint

import (
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

var headerMissing = &Rule{
	ID: "header/missing", Severity: diag.Info,
	Summary: "a manual without a header (legacy)",
	Doc: "Manuals without a header are legacy: they still work with `manual_read`, but `how_do_i` can route to them only by their body, " +
		"and the catalog shows no summary. Add a header with at least `triggers` and `summary` on the next edit. (Resources of an Agent Skills " +
		"folder, the documents beside or below a SKILL.md, are read through the skill's links and need no lore header.)\n\n" +
		"```\n---\ntriggers: chart, Diagramm, plot\nsummary: Show a chart inline in the chat.\n---\n```",
	Scope: ScopeManual,
	Manual: func(p *Pass, m *manual.Manual) {
		if m.Dialect != manual.Lore || m.Header.Present || m.InSkill() {
			return
		}
		p.Report(m, 1, 1, "no header: add `---` / `triggers: …` / `summary: …` / `---` at the top on the next edit, so how_do_i can route to this manual")
	},
}

var headerMissingTriggers = &Rule{
	ID: "header/missing-triggers", Severity: diag.Warning,
	Summary: "a header without triggers",
	Doc: "`triggers` is the routing hint of `how_do_i`: a comma-separated list of keywords in English and German. " +
		"A manual without triggers is found only through its summary and body, which routes less precisely. " +
		"List the words a user would say when they need this manual, in both languages. Not checked in Agent Skills resources.",
	Scope: ScopeManual,
	Manual: func(p *Pass, m *manual.Manual) {
		if m.Dialect != manual.Lore || !m.Header.Present || m.Header.End == 0 || m.InSkill() || hasKey(m, manual.KeyTriggers) {
			return
		}
		p.Report(m, m.Header.Start, 1, "the header has no `triggers:` line: add the keywords (English and German) a user would say, e.g. `triggers: chart, Diagramm`")
	},
}

var headerMissingSummary = &Rule{
	ID: "header/missing-summary", Severity: diag.Warning,
	Summary: "a header without summary",
	Doc: "`summary` is the one line the model reads when it decides which manual to load; the catalog and `manual_list` show it. " +
		"Without it the model sees only the name. Write one sentence that says what the manual covers. Not checked in Agent Skills resources.",
	Scope: ScopeManual,
	Manual: func(p *Pass, m *manual.Manual) {
		if m.Dialect != manual.Lore || !m.Header.Present || m.Header.End == 0 || m.InSkill() || hasKey(m, manual.KeySummary) {
			return
		}
		p.Report(m, m.Header.Start, 1, "the header has no `summary:` line: add one sentence saying what this manual covers")
	},
}

// hasKey reports whether the header sets k (also with a defective value,
// which another rule reports).
func hasKey(m *manual.Manual, k string) bool {
	if _, ok := m.Header.Field(k); ok {
		return true
	}
	for n := m.Header.Start + 1; n < m.Header.End; n++ {
		if l := m.Line(n); len(l) > len(k) && l[:len(k)] == k && (l[len(k)] == ':' || l[len(k)] == ' ') {
			return true
		}
	}
	return false
}
