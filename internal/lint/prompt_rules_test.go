package lint

import (
	"slices"
	"strings"
	"testing"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/prompt/facts"
)

// The prompt rules judge recorded facts: no bake is needed to exercise
// them, and without facts they stay silent.
func TestPromptRulesJudgeFacts(t *testing.T) {
	cfg := config.Default(".")
	cfg.File = "lore.yaml"
	cfg.Disabled["voice"] = "later"
	arthur := &config.Recipe{Name: "arthur", Engine: "arthur", Line: 2, KeyLines: map[string]int{"budget": 3, "roles": 4}}
	digest := strings.Repeat("a", 64)
	f := &facts.Prompts{
		Dir:     "prompts",
		Files:   map[string][]byte{"prompts/arthur.md": []byte("<!-- lore-disable-next-line prompt/cache-order -->\nIt is {{ turn.now }}.\n")},
		Engines: map[string]string{"arthur": "prompts/arthur.md"},
		Recipes: []*config.Recipe{arthur},
		Templates: []*facts.Template{
			{Path: "prompts/arthur.md", Name: "identity", Turn: []facts.TurnUse{{Name: "now", Line: 2, Col: 10, Placeholder: true}}},
			{Path: "prompts/arthur/cal.md", Name: "addon cal", Turn: []facts.TurnUse{{Name: "now", Line: 1, Col: 5, Placeholder: true}}},
			{Path: "prompts/arthur.md", Name: "runtime", Dynamic: true, Turn: []facts.TurnUse{{Name: "now", Line: 9, Col: 4, Placeholder: true}}},
		},
		Fragments:    []*facts.Fragment{{Engine: "arthur", Addon: "long", Path: "prompts/arthur/long.md", Lines: 51}, {Engine: "arthur", Addon: "ok", Path: "prompts/arthur/ok.md", Lines: 50}},
		Absent:       []facts.Absence{{Block: "cli-only", Pos: diag.Pos{File: "prompts/arthur.md", Line: 5, Col: 1}, Bundles: []string{"a", "b", "c", "d", "e", "f"}}, {Block: "voice", Bundles: []string{"a"}}, {Block: "broken", Bundles: []string{"a"}, Broken: true}},
		MissingRoles: []facts.MissingRole{{Recipe: arthur, Role: "ghost"}},
		Hooks: []facts.Hook{
			{Recipe: arthur, File: "prompts/arthur.md", Line: 6, Col: 3, Target: "images", Unit: "- `manual_read('images')` — external URLs", LeadIn: "When the user wants pictures:"},
			{Recipe: arthur, File: "prompts/arthur.md", Line: 7, Col: 3, Target: "images", Unit: "- `manual_read('images')`", LeadIn: "When the user wants pictures:"},
		},
		Bundles: []*bundle.Bundle{{ID: "arthur.default.anthropic", Recipe: "arthur", Engine: "arthur", Budget: 10, Tokens: 4000, TailTokens: 1001, SHA256: digest, Bytes: 9}},
		Lock:    &facts.Lock{Path: "prompts.lock", Found: true, Lock: &bundle.Lock{Entries: []bundle.LockEntry{{ID: "arthur.default.anthropic", SHA256: digest, Bytes: 8, Line: 2}, {ID: "gone", Line: 3}}}},
	}
	ms := manual.Load(nil, nil)
	got := func(in *Input) []string {
		var out []string
		for _, d := range Run(in) {
			if strings.HasPrefix(d.Rule, "prompt/") {
				out = append(out, d.Pos.String()+" "+d.Rule)
			}
		}
		return out
	}
	want := []string{
		"lore.yaml:3:1 prompt/budget",
		"lore.yaml:4:1 prompt/unknown-role",
		"prompts.lock:2:1 prompt/lock", // 9 bytes, locked 8
		"prompts.lock:3:1 prompt/lock", // locked, no longer built
		"prompts/arthur.md:1:1 prompt/attention",
		"prompts/arthur.md:5:1 prompt/unreachable-block", // voice is disabled, broken is a template's finding
		"prompts/arthur.md:7:3 prompt/hook-trigger",      // line 6 has text of its own under a lead-in that says when
		"prompts/arthur/cal.md:1:5 prompt/cache-order",   // arthur.md:2 is disabled by its comment
		"prompts/arthur/long.md:51:1 prompt/fragment-size",
	}
	if g := got(&Input{Config: cfg, Manuals: ms, Prompts: f}); !slices.Equal(g, want) {
		t.Errorf("findings:\n%s\nwant\n%s", strings.Join(g, "\n"), strings.Join(want, "\n"))
	}
	if g := got(&Input{Config: cfg, Manuals: ms}); len(g) != 0 {
		t.Errorf("findings without facts: %v", g)
	}
	f.Lock.Err, f.Lock.ErrLine = "not a lock line", 1
	if g := got(&Input{Config: cfg, Manuals: ms, Prompts: f}); !slices.Contains(g, "prompts.lock:1:1 prompt/lock") || slices.Contains(g, "prompts.lock:2:1 prompt/lock") {
		t.Errorf("an unreadable lock: %v", g)
	}
	failed := &facts.Prompts{Failure: &facts.Defect{Pos: diag.Pos{File: "lore.yaml", Line: 5, Col: 1}, Message: "token encoding \"x\""}}
	if g := got(&Input{Config: cfg, Manuals: ms, Prompts: failed}); !slices.Equal(g, []string{"lore.yaml:5:1 prompt/template"}) {
		t.Errorf("a failed bake: %v", g)
	}
}
