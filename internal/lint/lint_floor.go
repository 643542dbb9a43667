package lint

import (
	"fmt"

	"github.com/lorekit/lore/internal/diag"
)

var lintFloor = &Rule{
	ID: "lint/floor", Severity: diag.Error, Floor: true,
	Summary: "lore.yaml or a disable comment tries to silence a rule of the safety floor",
	Doc: "Some rules guard the safety floor (content/trust.md): `prompt/lock`, `manual/lock`, `prompt/budget`, `prompt/disabled-floor`, " +
		"`prompt/guardrail-inherit`, `prompt/guardrail-override`, `prompt/tool-grant` and `prompt/unknown-role`. " +
		"Whoever can write one layer or lore.yaml must not be able to switch the gate off that CI relies on, so these rules keep their " +
		"severity whatever `lint.rules` says, `lint.ignore` does not hide their findings, and `lore-disable` comments do not silence them. " +
		"A setting or comment that tries is reported here and has no effect on those rules; remove it, and fix the finding instead " +
		"(reword the text, add the tool to the recipe, raise the budget in lore.yaml, or run `lore lock`).",
}

// namesFloor reports whether pattern is the exact id of a floor rule. A
// wildcard ("*", "prompt/*") simply does not reach the floor rules; naming
// one of them is an attempt worth reporting.
func namesFloor(pattern string) bool {
	r := lookup(pattern)
	return r != nil && r.Floor
}

// floorConfig reports lint.rules entries of lore.yaml that would lower a
// floor rule below its default severity; the setting does not apply to it.
func floorConfig(in *Input) diag.List {
	if in.Config == nil || in.Config.File == "" || in.Report != nil && !in.Report(in.Config.File) {
		return nil
	}
	var out diag.List
	for pat, v := range in.Config.Lint.Rules {
		s, err := diag.ParseSeverity(v)
		if err != nil {
			continue
		}
		if !namesFloor(pat) || s >= lookup(pat).Severity {
			continue
		}
		pos := in.Config.Lint.RulePos[pat]
		out = append(out, diag.Diagnostic{Pos: diag.Pos{File: in.Config.File, Line: max(1, pos[0]), Col: max(1, pos[1])},
			Severity: diag.Error, Rule: lintFloor.ID,
			Message: fmt.Sprintf("lint.rules sets %s to %s, but it guards the safety floor and keeps its severity (%s): remove the setting and fix the findings instead",
				pat, s, lookup(pat).Severity)})
	}
	return out
}
