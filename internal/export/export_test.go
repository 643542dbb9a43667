package export

import (
	"strings"
	"testing"

	"github.com/spf13/afero"
	"gopkg.in/yaml.v3"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/hosts"
	"github.com/lorekit/lore/internal/hosts/profiles"
	"github.com/lorekit/lore/internal/manual"
)

func input(t *testing.T, files map[string]string, overrides string) hosts.Input {
	t.Helper()
	fsys := afero.NewMemMapFs()
	for f, s := range files {
		if err := afero.WriteFile(fsys, f, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := config.Default(".")
	if overrides != "" {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(overrides), &doc); err != nil {
			t.Fatal(err)
		}
		root := doc.Content[0]
		var os []profiles.Override
		for i := 0; i+1 < len(root.Content); i += 2 {
			os = append(os, profiles.Override{Name: root.Content[i].Value, Node: root.Content[i+1], Line: 1})
		}
		ps, err := profiles.Resolve(os)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Hosts.Profiles = ps
	}
	return hosts.Input{Config: cfg, FS: fsys, Manuals: manual.Load(fsys, []string{"manuals"})}
}

// TestReferencesAndCollisions: two manuals of one name get distinct
// exported names; a manual_read in a code span becomes a plain link to
// the first; a reference to no manual stays and is reported.
func TestReferencesAndCollisions(t *testing.T) {
	in := input(t, map[string]string{
		"manuals/a/x.md": "---\ntriggers: x\nsummary: First x.\n---\n# X\n",
		"manuals/b/x.md": "---\ntriggers: x\nsummary: Second x.\n---\n# X2\n",
		"manuals/y.md":   "---\ntriggers: y\nsummary: Y.\n---\n# Y\n\nUse `manual_read('x')`, then manual_read(\"gone\").\n",
	}, "")
	r, err := Run(in, Options{Host: "codex", Out: "out"})
	if err != nil {
		t.Fatal(err)
	}
	y, _ := afero.ReadFile(in.FS, "out/.agents/skills/y/SKILL.md")
	if !strings.Contains(string(y), "Use [x](../x/SKILL.md), then manual_read(\"gone\").") {
		t.Errorf("y:\n%s", y)
	}
	var second string
	for _, rn := range r.Renamed {
		if rn.Source == "manuals/b/x.md" {
			second = rn.Name
		}
	}
	if !strings.HasPrefix(second, "x-") || len(second) != 8 {
		t.Errorf("renamed %+v", r.Renamed)
	}
	found := false
	for _, s := range r.Skipped {
		found = found || strings.Contains(s.Why, "manual_read('gone') left as it is")
	}
	if !found {
		t.Errorf("skipped %+v", r.Skipped)
	}
}

// TestInstructionsFormat: a profile may export Copilot instructions
// files: a single file per manual with the fields it lists.
func TestInstructionsFormat(t *testing.T) {
	in := input(t, map[string]string{
		"manuals/style.md": "---\ntriggers: lint\nsummary: Code style.\n---\n# Style\n",
	}, "copilot: {export: {format: instructions, path: \".github/instructions/{name}.instructions.md\", fields: [description]}}\n")
	if _, err := Run(in, Options{Host: "copilot", Out: "."}); err != nil {
		t.Fatal(err)
	}
	b, err := afero.ReadFile(in.FS, ".github/instructions/style.instructions.md")
	if want := "---\ndescription: 'Code style. Use when: lint.'\n---\n# Style\n"; err != nil || string(b) != want {
		t.Errorf("%q, %v; want %q", b, err, want)
	}
}

// TestUnknownHost: an unknown host is an error that suggests the closest
// known one, as lore hosts does.
func TestUnknownHost(t *testing.T) {
	in := input(t, map[string]string{"manuals/a.md": "# A\n"}, "")
	_, err := Run(in, Options{Host: "codx", Out: "out"})
	if err == nil || err.Error() != `unknown host "codx": did you mean "codex"?` {
		t.Errorf("%v", err)
	}
}
