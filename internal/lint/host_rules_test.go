package lint

import (
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/manual"
)

// TestHostRulesShareOneSimulation: the host/* rules of one run read one
// simulation of the targeted hosts (they run concurrently; go test -race
// watches the sharing), and a project without targets gets none.
func TestHostRulesShareOneSimulation(t *testing.T) {
	fsys := afero.NewMemMapFs()
	files := map[string]string{
		"lore.yaml":          "hosts:\n  targets: [codex, claude-code]\n  profiles:\n    codex: {listing: {fallbackChars: 60}}\n",
		"AGENTS.md":          strings.Repeat("x\n", 20000),
		"manuals/a/SKILL.md": "---\nname: a\ndescription: \"Alpha. Use when: one, two, three.\"\nwhen_to_use: Always.\n---\n# A\n",
		"manuals/b/SKILL.md": "---\nname: b\ndescription: Beta.\n---\n# B\n",
	}
	for f, s := range files {
		_ = afero.WriteFile(fsys, f, []byte(s), 0o644)
	}
	cfg, err := config.Load(fsys, ".", "")
	if err != nil {
		t.Fatal(err)
	}
	in := &Input{Config: cfg, FS: fsys, Manuals: manual.Load(fsys, []string{"manuals"})}
	got := map[string]int{}
	for _, d := range Run(in) {
		got[d.Rule]++
	}
	if got["host/listing-budget"] == 0 || got["host/chain-limit"] != 1 || got["host/ignored-field"] != 1 {
		t.Errorf("findings by rule: %v", got)
	}
	if len(in.hosts.out) != 2 {
		t.Errorf("%d hosts simulated, want the 2 targets", len(in.hosts.out))
	}
	cfg.Hosts.Targets = nil
	in = &Input{Config: cfg, FS: fsys, Manuals: manual.Load(fsys, []string{"manuals"})}
	for _, d := range Run(in) {
		if strings.HasPrefix(d.Rule, "host/") {
			t.Errorf("no targets, yet %v", d)
		}
	}
}
