package lint

import (
	"fmt"
	"path"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
)

var promptUnknownBlock = &Rule{
	ID: "prompt/unknown-block", Severity: diag.Warning,
	Summary: "a recipe lists a library block that does not exist",
	Doc: "A recipe's `blocks: [role.coding, tooluse.default]` resolves each name to `prompts/blocks/<name>.md`, or to " +
		"`prompts/blocks/<name>.<style>.md` when the bundle's style has a variant (seed 003 PB1, PB3). An unknown name is dropped with one " +
		"warning and the rest compose: never a failure, and never silent. The message suggests the closest existing block.",
	Project: promptRule(func(p *Pass) {
		f := p.In.Prompts
		for _, m := range f.MissingBlocks {
			r, name := m.Recipe, m.Block
			var msg string
			if m.Style == "" {
				msg = fmt.Sprintf("recipe %q: library block %q does not exist (no %s): it is left out of the bundles", r.Name, name, path.Join(f.Dir, "blocks", name+".md"))
				if c := config.Closest(name, f.Library); c != "" {
					msg += fmt.Sprintf("; did you mean %q?", c)
				}
			} else {
				msg = fmt.Sprintf("recipe %q: library block %q has no %s.md or %s.%s.md for style %s: it is left out of those bundles",
					r.Name, name, name, name, m.Style, m.Style)
			}
			p.ReportAt(recipePos(p.In, r, "blocks"), diag.Pos{}, "%s", msg)
		}
	}),
}
