package lint

import (
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// sizeBand makes a rule that fires for lore manuals with more than lo and at
// most hi lines (hi 0: no upper bound), so a long manual gets one size
// finding, the strongest.
func sizeBand(id string, sev diag.Severity, lo, hi int, summary, doc, advice string) *Rule {
	return &Rule{ID: id, Severity: sev, Summary: summary, Doc: doc,
		Scope: ScopeManual,
		Manual: func(p *Pass, m *manual.Manual) {
			if m.Dialect != manual.Lore || m.IsOverview() || m.Lines <= lo || hi > 0 && m.Lines > hi {
				return
			}
			p.Report(m, lo+1, 1, "%d lines, over the %d-line %s: %s", m.Lines, lo, summary, advice)
		}}
}

var sizeGoal = sizeBand("size/goal", diag.Info, manual.GoalLines, manual.SplitLines, "goal",
	"Manuals should stay under 100 lines (seed 000 §3): every line loaded is paid for in tokens and attention on that turn. "+
		"This rule reports manuals of 101–150 lines at the first line past the goal; longer ones are reported by size/split and size/hard-limit.",
	"tighten it: cut repetition, keep one or two complete examples")

var sizeSplit = sizeBand("size/split", diag.Warning, manual.SplitLines, manual.HardLimitLines, "split threshold",
	"Over 150 lines a manual should be split (seed 000 §5): write a routing overview (overview.md) that only routes with "+
		"`manual_read('…')` lines, and move each standalone topic into its own manual of 30 to 100 lines. Reports manuals of 151–200 lines.",
	"split it into a routing overview plus specialised manuals")

var sizeHardLimit = sizeBand("size/hard-limit", diag.Error, manual.HardLimitLines, 0, "hard limit",
	"200 lines is the hard limit for a manual (seed 000 §3): past it, the manual costs more than it helps and must be split "+
		"into a routing overview and specialised manuals (seed 000 §5).",
	"it must be split into a routing overview plus specialised manuals")

var sizeOverview = &Rule{
	ID: "size/overview", Severity: diag.Error,
	Summary: "a routing overview (overview.md) over 50 lines",
	Doc: "A routing overview is the cheapest first point of contact of a manual family (seed 000 §5): under 50 lines, " +
		"nothing but `if X → manual_read('Y')` routes. An overview that grows past 50 lines has started to hold content; move it into the specialised manuals.",
	Scope: ScopeManual,
	Manual: func(p *Pass, m *manual.Manual) {
		if m.IsOverview() && m.Lines > manual.OverviewLines {
			p.Report(m, manual.OverviewLines+1, 1, "routing overview has %d lines, over the limit of %d: keep only the routes and move content into the specialised manuals", m.Lines, manual.OverviewLines)
		}
	},
}

var sizeFragment = &Rule{
	ID: "size/fragment", Severity: diag.Warning,
	Summary: "a manual of a split family (folder with an overview) under 30 lines",
	Doc: "Splitting into fragments of under 30 lines is an anti-pattern (seed 000 §5): the overhead of header, title and cross-references " +
		"eats the savings, and the model needs several reads for one answer. Merge small siblings into one thematic manual. A family is a " +
		"folder with a routing overview; resources of an Agent Skills folder are not checked.",
	Project: func(p *Pass) {
		overviews := map[string]bool{}
		for _, m := range p.In.Manuals.Manuals {
			if m.IsOverview() {
				overviews[m.Dir()] = true
			}
		}
		for _, m := range p.In.Manuals.Manuals {
			if m.IsOverview() || !overviews[m.Dir()] || m.Lines >= manual.FragmentLines || m.Dialect != manual.Lore || m.InSkill() {
				continue
			}
			if p.In.Report != nil && !p.In.Report(m.Path) {
				continue
			}
			p.Report(m, 1, 1, "only %d lines in a split family: fragments under %d lines cost more than they save; merge it with a sibling", m.Lines, manual.FragmentLines)
		}
	},
}
