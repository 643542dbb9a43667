package lint

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/diag"
)

var promptUnreachableBlock = &Rule{
	ID: "prompt/unreachable-block", Severity: diag.Error,
	Summary: "a configured block absent from a bundle without a reason",
	Doc: "Every block of an engine prompt or library either appears in every bundle or carries a reason in lore.yaml " +
		"(`disabled: {voice-mode: \"no voice surface yet\"}`), as seed 002's reachability contract demands: a block that silently renders " +
		"nothing (a condition that is never true for some surface or provider) is a prompt nobody reviewed. A layer that empties a block on " +
		"purpose (an empty file) is not reported, nor is a block whose template fails (that is prompt/template's or prompt/cache-order's). " +
		"The message lists the bundles the block is missing from. The blocks of the safety floor (guardrails, capability-contract) " +
		"cannot be excused by `disabled:`: a seed guardrails or contract block that renders nothing is always reported.",
	Project: promptRule(func(p *Pass) {
		for _, a := range p.In.Prompts.Absent {
			if a.Broken {
				continue
			}
			if p.In.Config != nil && !bundle.Floor(a.Block) {
				if _, off := p.In.Config.Disabled[a.Block]; off {
					continue
				}
			}
			shown := a.Bundles
			if len(shown) > 4 {
				shown = append(slices.Clone(shown[:4]), fmt.Sprintf("and %d more", len(a.Bundles)-4))
			}
			if bundle.Floor(a.Block) {
				p.ReportAt(a.Pos, diag.Pos{}, "block %q renders nothing in %s: it is part of the safety floor, which every bundle carries "+
					"and disabled: cannot excuse; make it render for every surface, role and provider", a.Block, strings.Join(shown, ", "))
				continue
			}
			p.ReportAt(a.Pos, diag.Pos{}, "block %q renders nothing in %s: every configured block appears in every bundle "+
				"or carries a reason; make it render, or add `disabled: {%s: \"why\"}` to lore.yaml", a.Block, strings.Join(shown, ", "), a.Block)
		}
	}),
}
