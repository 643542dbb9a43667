package lint

import "github.com/lorekit/lore/build/diag"

var promptUnreachableBlock = &Rule{
	ID: "prompt/unreachable-block", Severity: diag.Error,
	Summary: "a configured block absent from a bundle without a reason",
	Doc: "Every block of an engine prompt or library either appears in every bundle or carries a reason in lore.yaml " +
		"(`disabled: {voice-mode: \"no voice surface yet\"}`), as seed 002's reachability contract demands: a block that silently renders " +
		"nothing (a condition that is never true for some surface or provider) is a prompt nobody reviewed. A layer that empties a block on " +
		"purpose (an empty file) is not reported. The message lists the bundles the block is missing from.",
}
