package lint

import "github.com/lorekit/lore/internal/diag"

// The size of bundles (seeds 000 §1, 001 budget, 002 ratchet).

// attentionTokens is where instruction-following starts to drop.
const attentionTokens = 5000

var promptBudget = &Rule{
	ID: "prompt/budget", Severity: diag.Error, Floor: true,
	Summary: "a bundle prefix over its token budget (names the largest layers)",
	Doc: "The prompt is paid for on every turn of every session, so each recipe caps its bundle prefix (`budget:` in tokens, counted " +
		"with tiktoken o200k_base). A bundle over its budget fails the build, and the message names the largest contributing layers and " +
		"blocks so the fix starts in the right file. Move capability detail into manuals behind a `manual_read` hook rather than raising the budget.",
	Project: promptRule(func(p *Pass) {
		for _, b := range p.In.Prompts.Bundles {
			if r := p.In.Prompts.Recipe(b.Recipe); r != nil && b.OverBudget() {
				p.ReportAt(recipePos(p.In, r, "budget"), diag.Pos{}, "%s", b.BudgetMessage())
			}
		}
	}),
}

var promptAttention = &Rule{
	ID: "prompt/attention", Severity: diag.Warning,
	Summary: "an engine prompt over 5,000 tokens",
	Doc: "Instruction-following drops measurably once a system prompt passes about 5,000–8,000 tokens (\"lost in the middle\"): more rules " +
		"make the important ones less reliable. The warning fires for any bundle (prefix and tail) over 5,000 tokens, budget or not.",
	Project: promptRule(func(p *Pass) {
		for _, b := range p.In.Prompts.Bundles {
			if total := b.Tokens + b.TailTokens; total > attentionTokens {
				p.ReportAt(diag.Pos{File: p.In.Prompts.Engines[b.Engine], Line: 1, Col: 1}, diag.Pos{},
					"bundle %s is %d tokens: instruction-following drops beyond about %d tokens of system prompt; "+
						"keep identity, rules and hooks here and move capability detail into manuals behind manual_read hooks", b.ID, total, attentionTokens)
			}
		}
	}),
}
