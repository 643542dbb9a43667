package lint

import (
	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/diag"
)

var promptLayer = &Rule{
	ID: bundle.RuleLayer, Severity: diag.Error,
	Summary: "a layer file writes a block no layer may write, or sits outside a known layer",
	Doc: "Layers (`prompts/layers/shared/`, `project/`, `surface/<kind>/`, `bot/<name>/`, `chat/<name>/`, `agents/<role>/`) write four blocks: " +
		"identity and operating-rules (narrowest layer wins), guardrails and surface-note (concatenated). The capability contract and the " +
		"engine's and library's own blocks are locked to the seed: a layer file for one of them has no effect and is reported, as is a file " +
		"in an unknown layer folder or a block defined twice in the seed tier.",
	Project: promptRule(func(p *Pass) {
		for _, d := range p.In.Prompts.Misplaced {
			p.ReportAt(d.Pos, diag.Pos{}, "%s", d.Message)
		}
		reportComposition(p)
	}),
}
