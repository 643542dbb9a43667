package lint

import (
	"testing"

	"github.com/lorekit/lore/build/config"
	"github.com/lorekit/lore/build/manual"
)

// FuzzRules runs every rule over a fuzzed manual (as a lore manual, a
// routing overview, a kind manual and a SKILL.md, beside a fixed sibling)
// and checks that no rule panics and every finding lies inside the file.
func FuzzRules(f *testing.F) {
	for _, s := range []string{"---\ntriggers: a, b\nsummary: S\naudience: eddie\nrequires-tools: x\n---\n# T\n\nsee the X manual [a](#t) `manual_read('b')`\n",
		"| a | b |\n|---|---|\n| `manual_read('x')` | y |\n<!-- lore-disable size/* -->\n", "---\nname: x\ndescription: d\nversion: 1\n---\n",
		"## Decision table\n\n```chart\n```\n## Inline\n## Stored\n", "<!-- lore-disable-next-line nonsense -->\n---\n"} {
		f.Add([]byte(s))
	}
	cfg := config.Default(".")
	cfg.Tools = map[string]string{"x": "tool"}
	cfg.ToolNames = []string{"x"}
	cfg.Recipes = []*config.Recipe{{Name: "eddie", Engine: "eddie", ManualPaths: []string{"manuals/eddie", "manuals"}}}
	sibling := manual.Parse("manuals/b.md", []byte("---\ntriggers: a, b\nsummary: B.\n---\n# B\n\n## T\n\nText.\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, p := range []string{"manuals/a.md", "manuals/overview.md", "manuals/eddie/kind-chart.md", "manuals/a/SKILL.md"} {
			m := manual.Parse(p, src)
			in := &Input{Config: cfg, Manuals: manual.NewSet([]*manual.Manual{m, sibling})}
			for _, d := range Run(in) {
				if d.Pos.File == p && (d.Pos.Line < 0 || d.Pos.Line > max(m.Lines, 1) || d.Pos.Line > 0 && d.Pos.Col < 1) {
					t.Fatalf("%s: finding outside the file (%d lines): %s", p, m.Lines, d)
				}
			}
		}
	})
}
