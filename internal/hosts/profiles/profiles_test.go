package profiles

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestBuiltinProfiles: every embedded profile parses strictly, validates,
// names its sources and the date they were checked, and the five hosts
// of issue 17 are there.
func TestBuiltinProfiles(t *testing.T) {
	ps, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range ps {
		names = append(names, p.Name)
		if len(p.Sources) == 0 || p.Checked == "" {
			t.Errorf("%s: no sources or no checked date", p.Name)
		}
		if p.Listing.Confidence == "" || p.Skills.Name.Confidence == "" {
			t.Errorf("%s: a confidence is missing", p.Name)
		}
	}
	if got := strings.Join(names, " "); got != "claude-code codex copilot cursor gemini-cli" {
		t.Errorf("profiles %q", got)
	}
}

func override(t *testing.T, name, src string) Override {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	return Override{Name: name, Node: doc.Content[0], Line: 1}
}

// TestResolveOverrides: an override sets the fields it names and keeps
// the rest; a new profile starts from its base; defects name the line.
func TestResolveOverrides(t *testing.T) {
	ps, err := Resolve([]Override{
		override(t, "codex", "listing: {window: 272000}\n"),
		override(t, "my-agent", "base: claude-code\ntitle: My agent\nlisting:\n  percent: 2\n"),
	})
	if err != nil {
		t.Fatal(err)
	}
	by := map[string]*Profile{}
	for _, p := range ps {
		by[p.Name] = p
	}
	if c := by["codex"]; c.Listing.Window != 272000 || c.Listing.Percent != 2 || c.Listing.FallbackChars != 8000 || len(c.Chains) != 1 {
		t.Errorf("codex after override: %+v", c.Listing)
	}
	if m := by["my-agent"]; m == nil || m.Title != "My agent" || m.Listing.Percent != 2 || m.Listing.EntryChars != 1536 || m.Export.Path != ".claude/skills/{name}/SKILL.md" {
		t.Errorf("my-agent: %+v", m)
	}
	builtin, _ := Builtin()
	for _, p := range builtin {
		if p.Name == "codex" && p.Listing.Window != 0 {
			t.Error("an override changed the built-in profile")
		}
	}
	for _, c := range []struct{ name, src, want string }{
		{"codex", "listing: {windw: 1}\n", `unknown key "windw"`},
		{"codex", "listing: {window: lots}\n", "whole number"},
		{"codex", "listing: {overflow: explode}\n", "listing.overflow"},
		{"codex", "chains: {a: 1}\n", "must be a list"},
		{"mine", "title: Mine\n", `skills.name.onInvalid is ""`},
		{"mine", "base: nope\n", `base "nope"`},
		{"Bad_Name", "title: x\n", "not a host name"},
	} {
		_, err := Resolve([]Override{override(t, c.name, c.src)})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: %v, want %q", c.name, c.src, err, c.want)
		}
		if e, ok := err.(*Error); !ok || e.Line < 1 {
			t.Errorf("%q: %#v has no line", c.src, err)
		}
	}
}
