package lint

import "github.com/lorekit/lore/build/diag"

var promptCacheOrder = &Rule{
	ID: "prompt/cache-order", Severity: diag.Error,
	Summary: "a per-turn value in the cached prefix",
	Doc: "Provider prompt caches are keyed on the prefix: one changed byte re-writes the whole conversation prefix at full cost instead " +
		"of reading it from cache (seed 002). Per-turn values (`turn.now`, `turn.tokens`, session ids) therefore live only in blocks marked " +
		"`dynamic`, which form the bundle's tail and never enter its digest. A static block, fragment, layer or library block that reads " +
		"`turn.*` is an error at the position of the use.",
	Project: promptRule(func(p *Pass) {
		for _, t := range p.In.Prompts.Templates {
			if t.Dynamic {
				continue
			}
			for _, u := range t.Turn {
				p.ReportAt(diag.Pos{File: t.Path, Line: u.Line, Col: u.Col}, diag.Pos{},
					"block %q is static but reads the per-turn value turn.%s: it would change the cached prefix every turn; "+
						"move it to a block marked dynamic (<!-- block: runtime-context dynamic -->)", t.Name, u.Name)
			}
		}
	}),
}
