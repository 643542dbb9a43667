package lint

import (
	"fmt"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/hosts"
	"github.com/lorekit/lore/internal/plural"
)

var hostListingBudget = &Rule{
	ID: "host/listing-budget", Severity: diag.Warning,
	Summary: "a targeted host's skill listing is over its budget: descriptions are dropped or skills left out",
	Doc: "Every agent host puts a listing of the skills it found into each session, within a budget: Claude Code 1% of the context " +
		"window at about 4 characters per token (8,000 characters at 200k tokens), Codex 2% of the window or 8,000 characters when the " +
		"window is unknown. Over budget, Claude Code drops whole descriptions, the least-used skills first (lore cannot know the usage " +
		"and reports the worst case), and Codex shortens every description, then leaves skills out. A skill listed without its " +
		"description is rarely chosen. The rule reports the listing at lore.yaml's `hosts:` and each manual that loses its description " +
		"or its place. Shorten descriptions (the most distinctive words first), merge or retire skills, or target a host with more room; " +
		"`lore hosts` shows the listing as the host renders it.",
	Project: func(p *Pass) {
		for _, h := range targetHosts(p.In) {
			l := h.Listing
			if !l.Over {
				continue
			}
			worst := ""
			if l.WorstCase {
				worst = fmt.Sprintf(" in the worst case (usage unknown; at least %d)", l.MinDropped)
			}
			p.ReportAt(hostsPos(p.In), diag.Pos{}, "%s's skill listing needs %s %s, over its budget of %s (%s): %s dropped%s, %s shortened, %s left out; run lore hosts --host %s",
				h.Name, num(l.Full), l.Unit, num(l.Budget), l.BudgetFrom, plural.Of(l.Dropped, "description", "descriptions"), worst,
				plural.Of(l.Shortened, "description", "descriptions"), plural.Of(l.Omitted, "skill", "skills"), h.Name)
			for _, e := range l.Entries {
				m := e.Doc()
				switch e.State {
				case hosts.Dropped:
					p.Report(m, descriptionLine(m), 1, "%s lists %s by name only: its listing of %s %s is over the budget of %s %s, and %s",
						h.Name, e.Name, num(l.Full), l.Unit, num(l.Budget), l.Unit, droppedWhy(h, l))
				case hosts.Omitted:
					p.Report(m, descriptionLine(m), 1, "%s leaves %s out of its listing: the skills before it spend the budget of %s %s (the listing needs %s)",
						h.Name, e.Name, num(l.Budget), l.Unit, num(l.Full))
				}
			}
		}
	},
}

func droppedWhy(h *hosts.Host, l *hosts.Listing) string {
	if l.WorstCase {
		return "the least-used descriptions go first; with usage unknown, this is the worst case"
	}
	return "every description is removed"
}

// num writes n with thousands separators.
func num(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
