package lint

import (
	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
)

// Helpers of the prompt rules, which judge the facts of the prompt bake
// (Input.Prompts).

// recipePos is where a finding about recipe r goes: at key in lore.yaml
// (at the recipe when the key is not set), or at the engine prompt when
// there is no lore.yaml or the recipe is not in it.
func recipePos(in *Input, r *config.Recipe, key string) diag.Pos {
	if in.Config != nil && in.Config.File != "" && r.Line > 0 {
		line := r.Line
		if l, ok := r.KeyLines[key]; ok {
			line = l
		}
		return diag.Pos{File: in.Config.File, Line: line, Col: 1}
	}
	if e, ok := in.Prompts.Engines[r.Engine]; ok {
		return diag.Pos{File: e, Line: 1, Col: 1}
	}
	return diag.Pos{File: in.Prompts.Dir}
}

// reportComposition reports the problems composing the bundles found that
// carry p's rule id, with the composer's message.
func reportComposition(p *Pass) {
	for _, pr := range p.In.Prompts.Composition {
		if pr.Rule == p.rule.ID {
			p.ReportAt(diag.Pos{File: pr.Source, Line: max(pr.Line, 1), Col: 1}, diag.Pos{}, "%s", pr.Message)
		}
	}
}

// promptRule wraps the check of a prompt rule: it runs only when the
// prompts were baked, and not at all when the bake failed.
func promptRule(check func(p *Pass)) func(p *Pass) {
	return func(p *Pass) {
		if p.In.Prompts != nil && p.In.Prompts.Failure == nil {
			check(p)
		}
	}
}
