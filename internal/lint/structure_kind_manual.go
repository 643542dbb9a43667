package lint

import (
	"regexp"
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

var (
	antiPatternHeading = regexp.MustCompile(`(?i)anti-?pattern|fehlermuster|häufige fehler|common mistakes`)
	storedHeading      = regexp.MustCompile(`(?i)stored|doc_create|gespeichert|speicher`)
	inlineHeading      = regexp.MustCompile(`(?i)inline`)
)

var structureKindManual = &Rule{
	ID: "structure/kind-manual", Severity: diag.Warning,
	Summary: "a kind-* manual without decision table, inline form first, anti-patterns",
	Doc: "Manuals for inline-renderable document kinds (`kind-chart`, `kind-mindmap`, …) must separate the two forms (seed 000 §6.1): " +
		"a decision table at the top (user phrase → form), the inline fenced form first with a complete example, the stored `doc_create` form second, " +
		"and an anti-pattern section naming library defaults from training data and fence-in-stored-body errors. Models copy the first example they see, " +
		"so the order matters.",
	Scope: ScopeManual,
	Manual: func(p *Pass, m *manual.Manual) {
		if !strings.HasPrefix(m.Name, "kind-") || m.Unparsed {
			return
		}
		var missing []string
		firstFence := m.Lines + 1
		if len(m.Fences) > 0 {
			firstFence = m.Fences[0].Line
		}
		if !hasTableBefore(m, firstFence) {
			missing = append(missing, "a decision table before the first example")
		}
		inline, stored := 0, 0
		hasAnti := false
		for _, s := range m.Sections {
			if inline == 0 && inlineHeading.MatchString(s.Title) {
				inline = s.Line
			}
			if stored == 0 && storedHeading.MatchString(s.Title) {
				stored = s.Line
			}
			if antiPatternHeading.MatchString(s.Title) {
				hasAnti = true
			}
		}
		switch {
		case inline == 0:
			missing = append(missing, "an inline-form section")
		case stored != 0 && stored < inline:
			missing = append(missing, "the inline form before the stored form")
		}
		if len(m.Fences) > 0 && strings.Contains(fenceText(m, m.Fences[0]), "doc_create(") {
			missing = append(missing, "the inline example first (the first code block is a doc_create call)")
		}
		if !hasAnti {
			missing = append(missing, "an anti-patterns section")
		}
		if len(missing) > 0 {
			p.Report(m, bodyLine(m), 1, "kind manual lacks %s (seed 000 §6.1)", strings.Join(missing, "; "))
		}
	},
}

func hasTableBefore(m *manual.Manual, line int) bool {
	for n := m.Header.End + 1; n < line && n < m.Lines; n++ {
		if strings.Contains(m.Line(n), "|") && tableDelimiter.MatchString(strings.TrimSpace(m.Line(n+1))) {
			return true
		}
	}
	return false
}

func fenceText(m *manual.Manual, f manual.Fence) string {
	var b strings.Builder
	for n := f.Line; n <= f.EndLine; n++ {
		b.WriteString(m.Line(n))
		b.WriteByte('\n')
	}
	return b.String()
}
