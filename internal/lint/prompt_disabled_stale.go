package lint

import (
	"fmt"
	"maps"
	"slices"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/prompt/facts"
)

var promptDisabledStale = &Rule{
	ID: "prompt/disabled-stale", Severity: diag.Warning,
	Summary: "lore.yaml disabled: names a block no prompt file configures",
	Doc: "A `disabled:` entry excuses a configured block from appearing in every bundle (seed 002's reachability contract). An entry " +
		"that names no block of any engine prompt, library block, layer file or addon fragment excuses nothing: usually a typo or a " +
		"block that was renamed or removed, and a typo would leave the block it meant unexcused. The finding is at the entry's line in " +
		"lore.yaml and suggests the closest block name; remove the entry or correct its name.",
	Project: promptRule(func(p *Pass) {
		cfg := p.In.Config
		if cfg == nil {
			return
		}
		known := configuredBlocks(p.In.Prompts)
		for _, name := range slices.Sorted(maps.Keys(cfg.Disabled)) {
			if bundle.Floor(name) || slices.Contains(known, name) {
				continue // a floor block is prompt/disabled-floor's
			}
			hint := "remove the entry"
			if s := config.Closest(name, known); s != "" {
				hint = fmt.Sprintf("did you mean %q? Correct the name or remove the entry", s)
			}
			p.ReportAt(disabledPos(p.In, name), diag.Pos{},
				"disabled: %q names no block of any engine prompt, library block, layer or addon fragment, so it excuses nothing: %s", name, hint)
		}
	}),
}

// configuredBlocks lists the block names the prompts folder configures:
// the blocks of engine prompts, library blocks and layer files (every
// template is named after its block, an addon fragment "addon ID"), the
// addons block when there are fragments, the blocks left out of bundles,
// and every block of a baked bundle.
func configuredBlocks(f *facts.Prompts) []string {
	var out []string
	seen := map[string]bool{} // a set: thousands of blocks made the list search n²
	add := func(name string) {
		if bundle.ValidName(name) && !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	for _, t := range f.Templates {
		add(t.Name)
	}
	for _, name := range f.Library {
		add(name)
	}
	for _, a := range f.Absent {
		add(a.Block)
	}
	if len(f.Fragments) > 0 {
		add(bundle.Addons)
	}
	for _, b := range f.Bundles {
		for _, cb := range b.Blocks {
			add(cb.Name)
		}
		for _, a := range b.Disabled {
			add(a.Block)
		}
	}
	slices.Sort(out)
	return out
}
