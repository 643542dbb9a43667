package prompt

import (
	"slices"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/manual"
)

// project writes files into a memory file system and returns it with the
// parsed lore.yaml (when one is among the files).
func project(t testing.TB, files map[string]string) (afero.Fs, *config.Config) {
	t.Helper()
	fs := afero.NewMemMapFs()
	for p, s := range files {
		if err := afero.WriteFile(fs, p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg, err := config.Load(fs, ".", "")
	if err != nil {
		t.Fatalf("lore.yaml: %v", err)
	}
	return fs, cfg
}

// The rule ids and limits the tests assert; internal/lint owns them.
const (
	RuleHookTrigger    = "prompt/hook-trigger"
	RuleTemplate       = "prompt/template"
	RuleFragmentSize   = "prompt/fragment-size"
	RuleFragmentEngine = "prompt/fragment-engine"
	RuleBudget         = "prompt/budget"
	RuleAttention      = "prompt/attention"
	RuleCacheOrder     = "prompt/cache-order"
	RuleUnreachable    = "prompt/unreachable-block"
	RuleUnknownRole    = "prompt/unknown-role"
	RuleUnknownBlock   = "prompt/unknown-block"
	RuleLayer          = "prompt/layer"
	RuleUnknownManual  = "ref/unknown-manual"
	AttentionTokens    = 5000
)

// hookedManuals are the manuals the hooks of the tests resolve to;
// memory-notes is for engine eddie only.
var hookedManuals = map[string]string{
	"manuals/embed-images.md": "---\ntriggers: image\nsummary: Images.\n---\n# Images\n",
	"manuals/web-research.md": "---\ntriggers: research\nsummary: Research.\n---\n# Research\n",
	"manuals/memory-notes.md": "---\naudience: eddie\ntriggers: notes\nsummary: Notes.\n---\n# Notes\n",
}

func words(s string) int { return len(strings.Fields(s)) }

// baked is a bake with the findings internal/lint makes of its facts.
type baked struct {
	*Result
	Diagnostics diag.List
}

// bakeAll bakes files, with hookedManuals beside them, and lints the
// prompts.
func bakeAll(t testing.TB, files map[string]string) *baked {
	t.Helper()
	fs, cfg := project(t, files)
	for p, s := range hookedManuals {
		if err := afero.WriteFile(fs, p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := Bake(Load(fs, "prompts"), Options{Config: cfg, Count: words})
	in := &lint.Input{Config: cfg, FS: fs, Manuals: manual.Load(fs, []string{"manuals"}), Prompts: res.Facts,
		Report: func(f string) bool { return !strings.HasPrefix(f, "manuals/") }}
	return &baked{Result: res, Diagnostics: lint.Run(in)}
}

// find returns the diagnostics of rule.
func find(ds diag.List, rule string) diag.List {
	var out diag.List
	for _, d := range ds {
		if d.Rule == rule {
			out = append(out, d)
		}
	}
	return out
}

func positions(ds diag.List) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Pos.String())
	}
	return out
}

func wantOnly(t *testing.T, ds diag.List, rules ...string) {
	t.Helper()
	for _, d := range ds {
		if !slices.Contains(rules, d.Rule) {
			t.Errorf("unexpected finding: %s", d)
		}
	}
}

const minimalYAML = `recipes:
  arthur:
    budget: 1000
    surfaces: [chat]
    providers: [anthropic]
`
