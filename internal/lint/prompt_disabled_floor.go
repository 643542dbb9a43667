package lint

import (
	"maps"
	"slices"
	"strings"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/diag"
)

var promptDisabledFloor = &Rule{
	ID: bundle.RuleDisabledFloor, Severity: diag.Error, Floor: true,
	Summary: "lore.yaml disabled: names a block of the safety floor (guardrails, capability-contract)",
	Doc: "The guardrails and the capability contract are the safety floor of every bundle (seed 001: you may stop inheriting who you " +
		"are, never the floor). No configuration, layer, trust setting or role can remove them, so a `disabled:` entry for one of them " +
		"is refused: the block stays in every bundle and the entry is reported at its line in lore.yaml. Remove the entry; to change " +
		"what the floor says, edit the engine prompt's block (guardrails can only be added to by layers).",
	Project: func(p *Pass) {
		cfg := p.In.Config
		if cfg == nil {
			return
		}
		for _, name := range slices.Sorted(maps.Keys(cfg.Disabled)) {
			if !bundle.Floor(name) {
				continue
			}
			p.ReportAt(disabledPos(p.In, name), diag.Pos{},
				"disabled: %q is part of the safety floor (%s) and cannot be disabled; it stays in every bundle: remove the entry",
				name, strings.Join(bundle.FloorBlocks(), ", "))
		}
	},
}

// disabledPos is where a finding about the disabled: entry for block goes:
// its line in lore.yaml.
func disabledPos(in *Input, block string) diag.Pos {
	line := in.Config.DisabledLines[block]
	if line == 0 {
		line = in.Config.Lines["disabled"]
	}
	return diag.Pos{File: in.Config.File, Line: max(line, 1), Col: 1}
}
