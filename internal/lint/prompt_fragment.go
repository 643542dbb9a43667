package lint

import (
	"fmt"
	"slices"

	"github.com/lorekit/lore/internal/config"

	"github.com/lorekit/lore/internal/diag"
)

// Addon fragments (seed 000 §7a).

// maxFragmentLines keeps a fragment compact: it is in every prompt of its
// engine.
const maxFragmentLines = 50

var promptFragmentSize = &Rule{
	ID: "prompt/fragment-size", Severity: diag.Error,
	Summary: "an addon fragment over 50 lines",
	Doc: "An addon fragment (`prompts/<engine>/<addon-id>.md`) is always in the prompt of its engine, so it stays compact: trigger words, " +
		"the tool call pattern, an anti-hand-write warning and a hook to the detail manual, at most 50 lines. Everything beyond that belongs " +
		"in a manual loaded with `manual_read('…')`.",
	Project: promptRule(func(p *Pass) {
		for _, f := range p.In.Prompts.Fragments {
			if f.Lines > maxFragmentLines {
				p.ReportAt(diag.Pos{File: f.Path, Line: maxFragmentLines + 1, Col: 1}, diag.Pos{},
					"addon fragment is %d lines, over %d: keep the trigger words, the call pattern and a hook here and move the detail into a manual behind `manual_read('…')`",
					f.Lines, maxFragmentLines)
			}
		}
	}),
}

var promptFragmentEngine = &Rule{
	ID: "prompt/fragment-engine", Severity: diag.Error,
	Summary: "an addon fragment for an engine without addons",
	Doc: "Fragments are rendered into `addonSections` only for engines whose recipe sets `addons: true`; internal pipeline engines are " +
		"deliberately not addon-enabled. A fragment for any other engine would never reach a prompt, so it is reported: enable addons on the " +
		"recipe or remove the fragment.",
	Project: promptRule(func(p *Pass) {
		for _, f := range p.In.Prompts.Unused {
			msg := fmt.Sprintf("addon fragment for engine %q, which no recipe enables addons for: set `addons: true` on its recipe in lore.yaml, or remove the fragment", f.Engine)
			if !slices.ContainsFunc(p.In.Prompts.Recipes, func(r *config.Recipe) bool { return r.Engine == f.Engine }) {
				msg = fmt.Sprintf("addon fragment for engine %q, which has no engine prompt in a recipe: fragments live in prompts/<engine>/ of an engine with `addons: true`", f.Engine)
			}
			p.ReportAt(diag.Pos{File: f.Path, Line: 1, Col: 1}, diag.Pos{}, "%s", msg)
		}
	}),
}
