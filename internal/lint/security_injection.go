package lint

import (
	"cmp"
	"slices"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint/scan"
)

var securityInjection = securityRule(&Rule{
	ID: "security/injection", Severity: diag.Error,
	Summary: "text that overrides the system prompt, sends secrets out or hides actions from the user",
	Doc: "A manual, skill file or prompt layer is read by the model as instructions. The rule reports text, in English or German, that " +
		"tells the model to ignore, forget or replace its instructions, system prompt or guardrails, declares it free of its rules, asks " +
		"it to reveal its system prompt, to send the conversation, environment variables or keys out (to a URL, webhook or outside " +
		"server), or to hide what it does from the user (\"do not tell the user\", \"without the user noticing\", \"silently run\"). " +
		"It matches verbs, objects and qualifiers with their inflections within one clause, not fixed sentences; a guardrail that says " +
		"\"never send credentials\" is negated and not reported. A manual about prompt injection that quotes an attack can disable the " +
		"rule for that line (`<!-- lore-disable-next-line security/injection -->`).",
}, "remove the instruction; a manual that quotes an attack on purpose disables the rule for that line", func(t *scanText) []scan.Hit {
	hits := scan.Injection(t.src, false)
	if t.prompt {
		return hits // prompt/guardrail-override judges a prompt file's overrides
	}
	// One matcher judges an order to drop the rules everywhere: the one of
	// prompt/guardrail-override, which also knows reported and refused text.
	for _, sp := range findOverrides(blankTags(blankComments(string(t.src)))) {
		hits = append(hits, scan.Hit{Off: sp.Off, End: sp.End, What: "text that tells the model to ignore its instructions"})
	}
	slices.SortFunc(hits, func(a, b scan.Hit) int { return cmp.Compare(a.Off, b.Off) })
	return hits
})
