package config

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/afero"
)

func load(t *testing.T, src string) (*Config, error) {
	t.Helper()
	fsys := afero.NewMemMapFs()
	if err := afero.WriteFile(fsys, "p/lore.yaml", []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return Load(fsys, "p", "")
}

func TestLoadFull(t *testing.T) {
	cfg, err := load(t, `title: Docs
baseURL: https://docs.example.com/
manuals: [manuals, extra/manuals]
tools:
  web_fetch: Fetch a page.
  doc_create: Create a document.
recipes:
  arthur:
    engine: arthur
    manualPaths: [manuals/embedding/, manuals/]
    tools: [manual_read, web_fetch]
    addons: true
    budget: 1500
    surfaces: [chat, cli]
    providers: [anthropic]
    roles: [reviewer]
  eddie-chat:
    engine: eddie
    manualPaths: manuals/
  bare:
trust: {project: false}
disabled: {voice-mode: "no voice surface yet"}
providers: {mistral: inline}
lint:
  rules: {size/goal: off, "ref/*": warning, header/missing: "error"}
  ignore: ["manuals/legacy/**"]
`)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.File != "p/lore.yaml" || cfg.Dir != "p" || cfg.Title != "Docs" || !slices.Equal(cfg.Manuals, []string{"manuals", "extra/manuals"}) {
		t.Errorf("top: %+v", cfg)
	}
	if !slices.Equal(cfg.ToolNames, []string{"web_fetch", "doc_create"}) || cfg.Tools["doc_create"] != "Create a document." {
		t.Errorf("tools %v %v", cfg.ToolNames, cfg.Tools)
	}
	if len(cfg.Recipes) != 3 {
		t.Fatalf("recipes %d", len(cfg.Recipes))
	}
	a, e, b := cfg.Recipes[0], cfg.Recipes[1], cfg.Recipes[2]
	if a.Name != "arthur" || !a.Addons || a.Budget != 1500 || !slices.Equal(a.ManualPaths, []string{"manuals/embedding/", "manuals/"}) || a.Line != 8 {
		t.Errorf("arthur %+v", a)
	}
	if e.Engine != "eddie" || !slices.Equal(e.ManualPaths, []string{"manuals/"}) || b.Engine != "bare" || b.Lang != "en" {
		t.Errorf("eddie %+v bare %+v", e, b)
	}
	if !slices.Equal(cfg.Engines(), []string{"arthur", "bare", "eddie"}) || cfg.Recipe("eddie-chat") != e || cfg.Recipe("x") != nil {
		t.Errorf("engines %v", cfg.Engines())
	}
	if cfg.Trust["project"] || cfg.Disabled["voice-mode"] == "" || cfg.Style("mistral") != "inline" || cfg.Style("anthropic") != "xml" {
		t.Errorf("trust/disabled/providers")
	}
	if cfg.Lint.Rules["size/goal"] != "off" || cfg.Lint.Rules["ref/*"] != "warning" || cfg.Lint.Rules["header/missing"] != "error" ||
		cfg.Lint.RulePos["ref/*"] != [2]int{25, 27} || !slices.Equal(cfg.Lint.Ignore, []string{"manuals/legacy/**"}) {
		t.Errorf("lint %+v", cfg.Lint)
	}
	if cfg.Lines["recipes"] != 7 || cfg.Path("manuals") != "p/manuals" {
		t.Errorf("lines %v", cfg.Lines)
	}
}

func TestLoadDefaults(t *testing.T) {
	cfg, err := Load(afero.NewMemMapFs(), ".", "")
	if err != nil || cfg.File != "" || !slices.Equal(cfg.Manuals, []string{"manuals"}) || cfg.Prompts != "prompts" || len(cfg.Recipes) != 0 {
		t.Fatalf("defaults: %+v, %v", cfg, err)
	}
	if cfg, err = load(t, ""); err != nil || cfg.Title != "lore" {
		t.Errorf("empty file: %+v %v", cfg, err)
	}
	if cfg, err = load(t, "# only a comment\n"); err != nil || cfg.Title != "lore" {
		t.Errorf("comment only: %v", err)
	}
}

func TestLoadErrors(t *testing.T) {
	for _, c := range []struct {
		src       string
		line, col int
		msg       string
	}{
		{"recipies: {}\n", 1, 1, `unknown key "recipies": did you mean "recipes"?`},
		{"title: a\nzzz: b\n", 2, 1, `unknown key "zzz"; known keys: title, baseURL`},
		{"recipes:\n  a:\n    manualPath: [x]\n", 3, 5, `unknown key "manualPath": did you mean "manualPaths"?`},
		{"title: a\ntitle: b\n", 2, 1, `key "title" is set twice (first on line 1)`},
		{"- a\n- b\n", 1, 1, "the project file must be a mapping"},
		{"manuals: {a: b}\n", 1, 10, "manuals must be a list of folders (or one folder), got a mapping"},
		{"manuals: [[a]]\n", 1, 11, "manuals must be a list of folders (or one folder), got a list in it"},
		{"title: a\nmanuals: 5\n", 2, 10, `manuals must be a list of folders (or one folder), got a number (quote it if it is a name: "5")`},
		{"manuals: [a, true]\n", 1, 14, "manuals must be a list of folders (or one folder), got true or false"},
		{"recipes:\n  a:\n    manualPaths: 7\n", 3, 18, `recipe "a": manualPaths must be a list of folders (or one folder), got a number`},
		{"recipes:\n  a:\n    surfaces: [1]\n", 3, 16, `recipe "a": surfaces must be a list of surface names (or one name), got a number`},
		{"prompts: 3.5\n", 1, 10, "prompts must be a folder, got a number"},
		{"title: a\nb: c\n- d\n", 3, 1, "invalid YAML: did not find expected key"},
		{"title: [a]\n", 1, 8, "expected a single value, got a list"},
		{"tools: [a]\n", 1, 8, "expected a mapping (key: value lines), got a list"},
		{"recipes:\n  a:\n    budget: lots\n", 3, 13, `recipe "a": budget must be a whole number of tokens, got "lots"`},
		{"recipes:\n  a:\n    budget: -5\n", 3, 13, `budget must be a whole number`},
		{"recipes:\n  a:\n    addons: yes please\n", 3, 13, `expected true or false, got "yes please"`},
		{"trust:\n  project: maybe\n", 2, 12, `expected true or false, got "maybe"`},
		{"disabled:\n  voice: \"\"\n", 2, 10, `disabled block "voice" needs a reason`},
		{"providers:\n  x: html\n", 2, 6, `provider "x": unknown style "html"; use one of xml, fenced, inline`},
		{"lint:\n  rules:\n    size/goal: fatal\n", 3, 16, `rule "size/goal": unknown severity "fatal"`},
		{"lint:\n  ignored: []\n", 2, 3, `unknown key "ignored": did you mean "ignore"?`},
		{"title: a\n  b: c\n", 2, 1, "invalid YAML: mapping values are not allowed in this context"},
		{"a: &x 1\nb: *y\n", 0, 1, "invalid YAML: unknown anchor 'y' referenced"},
		{"recipes:\n  a:\n    params: [x]\n", 3, 13, `recipe "a": params must be a mapping`},
		// An alias bomb in params is refused (yaml.v3), with yaml's reason.
		{"recipes:\n  a:\n    params:\n      a: &a [x, x, x, x, x, x, x, x, x, x]\n      b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n" +
			"      c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n      d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n" +
			"      e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n      f: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n", 4, 7,
			`recipe "a": params cannot be read: document contains excessive aliasing`},
		// Folders, patterns and names hold no control character: a newline
		// written in quotes would forge a line wherever the value is named.
		{"out: \"x\\n::error::forged\"\n", 1, 6, `out must be a folder, got "x\n::error::forged" with the control character U+000A: remove it`},
		{"manuals: [a, \"m\\e[2J\"]\n", 1, 14, `got "m\x1b[2J" with the control character U+001B`},
		{"lint:\n  ignore: \"a\\u0085\"\n", 2, 11, `got "a\u0085" with the control character U+0085`},
		{"recipes:\n  a:\n    tools: [\"x\\ty\"]\n", 3, 13, `tools must be a list of tool names (or one name), got "x\ty" with the control character U+0009`},
	} {
		_, err := load(t, c.src)
		var ce *Error
		if !errors.As(err, &ce) {
			t.Errorf("%q: error %v is not a *config.Error", c.src, err)
			continue
		}
		if ce.File != "p/lore.yaml" || ce.Line != c.line || (c.line != 0 && ce.Col != c.col) || !strings.Contains(ce.Msg, c.msg) {
			t.Errorf("%q:\n got %s (line %d col %d)\nwant line %d col %d: %s", c.src, ce, ce.Line, ce.Col, c.line, c.col, c.msg)
		}
	}
}

func TestLoadExplicitFile(t *testing.T) {
	fsys := afero.NewMemMapFs()
	if _, err := Load(fsys, ".", "conf/missing.yaml"); err == nil || !strings.Contains(err.Error(), "conf/missing.yaml: cannot read the project file") {
		t.Errorf("missing explicit file: %v", err)
	}
	_ = afero.WriteFile(fsys, "conf/site.yaml", []byte("title: T\n"), 0o644)
	cfg, err := Load(fsys, ".", "conf/site.yaml")
	if err != nil || cfg.Dir != "conf" || cfg.Title != "T" {
		t.Errorf("explicit file: %+v %v", cfg, err)
	}
}
