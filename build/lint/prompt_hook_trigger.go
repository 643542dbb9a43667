package lint

import "github.com/lorekit/lore/build/diag"

var promptHookTrigger = &Rule{
	ID: "prompt/hook-trigger", Severity: diag.Warning,
	Summary: "a hook line without a \"when to load\" clause",
	Doc: "Each manual in a prompt hook gets a line saying when to load it, not what it contains (seed 000 §4, rule 2): " +
		"\"`manual_read('embed-images')` — if the user wants to see images\". The manual explains itself; the hook is the triage. " +
		"A hook passes when its line carries a when-clause (when, if, before, for, wenn, falls, bei, …) or when it is a list item with text " +
		"of its own under a lead-in paragraph that does (\"When the user wants to see images … consult the relevant manual:\"). " +
		"The bake reports it for engine prompts, addon fragments, layers and library blocks.",
}
