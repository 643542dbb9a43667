package lint

import (
	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

var headerUnknownKey = &Rule{
	ID: "header/unknown-key", Severity: diag.Warning,
	Summary: "a header key outside audience, triggers, summary, requires-tools",
	Doc: "The lore header knows four keys: `audience`, `triggers`, `summary` and `requires-tools` (seed 000 §3). " +
		"Any other key is ignored by every reader, so it is most likely a typo (`trigger:`) or a YAML habit (`title:`). " +
		"The message suggests the closest known key. Put other metadata in the body. Resources of an Agent Skills folder may carry the " +
		"skill's own front matter (`title:`, `tags:`, …) and are not checked.",
	Scope: ScopeManual,
	Manual: func(p *Pass, m *manual.Manual) {
		if m.Dialect != manual.Lore || m.InSkill() {
			return
		}
		for _, f := range m.Header.Fields {
			if isHeaderKey(f.Key) {
				continue
			}
			hint := "the header knows audience, triggers, summary and requires-tools"
			if s := config.Closest(f.Key, manual.HeaderKeys()); s != "" {
				hint = "did you mean `" + s + "`?"
			}
			p.ReportRange(m, f.Line, 1, f.Line, len([]rune(f.Key))+1, "unknown header key %s: %s", diag.Excerpt(f.Key), hint)
		}
	},
}

func isHeaderKey(k string) bool {
	for _, h := range manual.HeaderKeys() {
		if k == h {
			return true
		}
	}
	return false
}
