package config

import (
	"strings"
	"testing"
)

func parse(t *testing.T, src string) (*Config, error) {
	t.Helper()
	cfg := Default(".")
	cfg.File = "lore.yaml"
	return cfg, Parse(cfg, []byte(src))
}

func TestRecipeKeyLines(t *testing.T) {
	cfg, err := parse(t, "recipes:\n  arthur:\n    budget: 1500\n\n    roles: [reviewer]\n")
	if err != nil {
		t.Fatal(err)
	}
	r := cfg.Recipe("arthur")
	if r.Line != 2 || r.KeyLines["budget"] != 3 || r.KeyLines["roles"] != 5 {
		t.Errorf("lines: recipe %d, keys %v", r.Line, r.KeyLines)
	}
}

// The prompt keys become parts of bundle ids and file names: errors name
// the line and say what to write.
func TestPromptKeyErrors(t *testing.T) {
	for src, want := range map[string]string{
		"recipes:\n  a:\n    surfaces: [chat, web/chat]\n":  `lore.yaml:3:22: recipe "a": surface "web/chat" is not a valid name`,
		"recipes:\n  a:\n    roles: [reviewer, reviewer]\n": `lore.yaml:3:23: recipe "a" lists role "reviewer" twice`,
		"recipes:\n  a:\n    providers: [mistral]\n":        `lore.yaml:3:1: recipe "a": provider "mistral" has no render style`,
		"recipes:\n  a:\n    blocks: [role.coding, ../x]\n": `lore.yaml:3:27: recipe "a": block "../x" is not a valid name`,
		"recipes:\n  a:\n    bot: support team\n":           `lore.yaml:3:10: recipe "a": bot "support team" is not a valid name`,
		"trust: {projct: false}\n":                          `lore.yaml:1:9: trust: unknown layer "projct"`,
		"trust: {surface/chat: maybe}\n":                    `lore.yaml:1:23: expected true or false`,
		"disabled: {voice-mode: \"\"}\n":                    `needs a reason`,
	} {
		_, err := parse(t, src)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: err = %v, want %q", src, err, want)
		}
	}
	// Custom providers are fine once they have a style.
	if _, err := parse(t, "providers: {mistral: fenced}\nrecipes:\n  a: {providers: [mistral, anthropic]}\ntrust: {project: false, surface: true, agents/reviewer: false}\n"); err != nil {
		t.Errorf("valid file: %v", err)
	}
}
