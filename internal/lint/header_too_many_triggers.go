package lint

import (
	"fmt"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// maxTriggers is the number of triggers over which header/too-many-triggers
// fires.
const maxTriggers = 20

var headerTooManyTriggers = &Rule{
	ID: "header/too-many-triggers", Severity: diag.Warning,
	Summary: "a manual lists more than 20 triggers",
	Doc: "Triggers are the few words a user says when they need the manual, in English and German. Past 20 they stop routing: " +
		"every added word makes the manual match more requests it does not answer, and the site, the catalog and `manual_list` " +
		"show them all; past 100 only the first 100 are kept. Keep the words that name the task and move the rest into the summary or the body. Checked for the lore header " +
		"and for the `triggers` of Agent Skills front matter.",
	Scope: ScopeManual,
	Manual: func(p *Pass, m *manual.Manual) {
		n := m.TriggerCount
		if n <= maxTriggers || m.InSkill() {
			return
		}
		line, col := triggersLine(m)
		kept := ""
		if n > manual.KeptTriggers {
			kept = fmt.Sprintf(" (lore routes by the first %d only)", manual.KeptTriggers)
		}
		p.Report(m, line, col, "%d triggers, over the limit of %d%s: keep the words a user would say for this task and drop the rest", n, maxTriggers, kept)
	},
}
