package lint

import (
	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/diag"
)

var promptGuardrailInherit = &Rule{
	ID: bundle.RuleGuardrailInherit, Severity: diag.Error, Floor: true,
	Summary: "a layer tries to stop inheriting guardrails",
	Doc: "Guardrails concatenate across every layer, broadest first; there is deliberately no way to stop inheriting them (seed 001: " +
		"you may stop inheriting who you are, never the floor). A line such as `inherit: false` or `guardrails.inherit = false` in any layer " +
		"file is an error and has no effect, and so is an empty guardrails file under inherited guardrails: an empty file says \"nothing " +
		"here\" for its own layer and cannot remove what it inherits (delete it). Remember that guardrail text is defence in depth, not a sandbox: the enforcement boundary is " +
		"the runtime's permissions.",
	// The composer drops such lines and records each as a problem.
	Project: promptRule(reportComposition),
}
