package lint

import "github.com/lorekit/lore/build/diag"

// Addon fragments (seed 000 §7a).

var promptFragmentSize = &Rule{
	ID: "prompt/fragment-size", Severity: diag.Error,
	Summary: "an addon fragment over 50 lines",
	Doc: "An addon fragment (`prompts/<engine>/<addon-id>.md`) is always in the prompt of its engine, so it stays compact: trigger words, " +
		"the tool call pattern, an anti-hand-write warning and a hook to the detail manual, at most 50 lines. Everything beyond that belongs " +
		"in a manual loaded with `manual_read('…')`.",
}

var promptFragmentEngine = &Rule{
	ID: "prompt/fragment-engine", Severity: diag.Error,
	Summary: "an addon fragment for an engine without addons",
	Doc: "Fragments are rendered into `addonSections` only for engines whose recipe sets `addons: true`; internal pipeline engines are " +
		"deliberately not addon-enabled. A fragment for any other engine would never reach a prompt, so it is reported: enable addons on the " +
		"recipe or remove the fragment.",
}
