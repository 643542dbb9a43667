package lint

import (
	"path"

	"github.com/lorekit/lore/internal/diag"
)

var promptUnknownRole = &Rule{
	ID: "prompt/unknown-role", Severity: diag.Error, Floor: true,
	Summary: "a recipe names a role with no layer",
	Doc: "A role is the narrowest layer, `prompts/layers/agents/<role>/`, and may only narrow (identity, operating rules, more guardrails). " +
		"A recipe's `roles:` admits roles by name; a role without a layer folder is refused, never silently replaced by the default prompt, " +
		"so the name is reported at its line in lore.yaml and no bundle is baked for it.",
	Project: promptRule(func(p *Pass) {
		f := p.In.Prompts
		for _, m := range f.MissingRoles {
			p.ReportAt(recipePos(p.In, m.Recipe, "roles"), diag.Pos{},
				"recipe %q names role %q but %s does not exist: a role is the layer prompts/layers/agents/<role>/ (e.g. its operating-rules.md); create it or remove the role",
				m.Recipe.Name, m.Role, path.Join(f.Dir, "layers", "agents", m.Role)+"/")
		}
		for _, r := range f.Refused {
			p.ReportAt(recipePos(p.In, r.Recipe, "roles"), diag.Pos{}, "%s", r.Err)
		}
	}),
}
