package prompt

import (
	"slices"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/config"
	"github.com/lorekit/lore/build/diag"
)

// project writes files into a memory file system and returns it with the
// parsed lore.yaml (when one is among the files).
func project(t *testing.T, files map[string]string) (afero.Fs, *config.Config) {
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

// fakeManuals resolves names from a fixed table; audience after a colon
// ("memory-notes:eddie").
type fakeManuals []string

func (f fakeManuals) Resolve(r *config.Recipe, name string) (string, string, bool) {
	for _, m := range f {
		n, aud, _ := strings.Cut(m, ":")
		if n == name {
			return "manuals/" + n + ".md", aud, true
		}
	}
	return "", "", false
}

func (f fakeManuals) Names(r *config.Recipe) []string {
	var out []string
	for _, m := range f {
		n, _, _ := strings.Cut(m, ":")
		out = append(out, n)
	}
	return out
}

func words(s string) int { return len(strings.Fields(s)) }

func bakeAll(t *testing.T, files map[string]string) *Result {
	t.Helper()
	fs, cfg := project(t, files)
	return Bake(Load(fs, "prompts"), Options{Config: cfg, Count: words, Manuals: fakeManuals{"embed-images", "web-research", "memory-notes:eddie"}})
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
