package lint

import "github.com/lorekit/lore/build/diag"

var promptUnknownBlock = &Rule{
	ID: "prompt/unknown-block", Severity: diag.Warning,
	Summary: "a recipe lists a library block that does not exist",
	Doc: "A recipe's `blocks: [role.coding, tooluse.default]` resolves each name to `prompts/blocks/<name>.md`, or to " +
		"`prompts/blocks/<name>.<style>.md` when the bundle's style has a variant (seed 003 PB1, PB3). An unknown name is dropped with one " +
		"warning and the rest compose: never a failure, and never silent. The message suggests the closest existing block.",
}
