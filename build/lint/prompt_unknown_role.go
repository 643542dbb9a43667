package lint

import "github.com/lorekit/lore/build/diag"

var promptUnknownRole = &Rule{
	ID: "prompt/unknown-role", Severity: diag.Error,
	Summary: "a recipe names a role with no layer",
	Doc: "A role is the narrowest layer, `prompts/layers/agents/<role>/`, and may only narrow (identity, operating rules, more guardrails). " +
		"A recipe's `roles:` admits roles by name; a role without a layer folder is refused, never silently replaced by the default prompt, " +
		"so the name is reported at its line in lore.yaml and no bundle is baked for it.",
}
