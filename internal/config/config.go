// Package config loads lore.yaml, the optional project file (DESIGN §2.3).
// Without one, the conventional folders apply: manuals/, prompts/, content/.
package config

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/hosts/profiles"
)

// FileName is the conventional name of the project file.
const FileName = "lore.yaml"

// Config drives the pipeline. Paths are slash-separated and relative to Dir.
type Config struct {
	// Dir is the project folder; File the project file read ("" if none).
	Dir  string
	File string

	Title   string
	BaseURL string
	EditURL string

	Manuals []string
	Prompts string
	Content string
	Theme   string
	Out     string

	// Tools is the tool inventory: name → description. ToolNames keeps the
	// order of the file.
	Tools     map[string]string
	ToolNames []string

	Recipes []*Recipe

	// Trust says per layer ("project", "bot/x", …) whether it is trusted;
	// a layer set to false is demoted to its guardrails.
	Trust map[string]bool
	// Disabled names blocks that may be absent from bundles, with the reason.
	Disabled map[string]string
	// DisabledLines records the line of each key of Disabled (nil without
	// a disabled: key).
	DisabledLines map[string]int
	// Providers maps a provider to its render style (xml, fenced, inline).
	Providers map[string]string
	// Tokenizer names the tiktoken encoding used for token counts.
	Tokenizer string
	// Precompress says which published files get .br and .gz siblings:
	// assets (the default, also when ""), all or off.
	Precompress string

	Lint Lint

	// Hosts are the agent hosts the project targets and the host profiles
	// it knows (lore.yaml hosts:).
	Hosts Hosts
	// Vocabulary are the files of the project's own routing vocabulary,
	// relative to the project file.
	Vocabulary []string

	// Lines records the line of each top-level key and recipe, for messages.
	Lines map[string]int
	// ValuePos records where each value of a path key (manuals, prompts,
	// content, theme, out, vocabulary) is written, in the order of the
	// values, so that a message about one value points at it.
	ValuePos map[string][]Pos
}

// Pos is where a value is written in the project file: 1-based line and
// column (in code points).
type Pos struct{ Line, Col int }

// DefaultSourcesBudget is the token budget of {{ sources }} when a recipe
// sets none.
const DefaultSourcesBudget = 1000

// Recipe configures one engine's manual cascade, tools and prompt bundles.
type Recipe struct {
	Name        string
	Engine      string
	ManualPaths []string
	Tools       []string
	Addons      bool
	Budget      int
	// SourcesBudget is the token budget of {{ sources }}; 0 when not set
	// (DefaultSourcesBudget applies).
	SourcesBudget int
	Surfaces      []string
	Providers     []string
	Roles         []string
	Blocks        []string
	Bot           string
	Chat          string
	Lang          string
	Params        map[string]any
	Line          int // line of the recipe in the project file
	// KeyLines records the line of each key set in the recipe.
	KeyLines map[string]int
	// ValuePos records where each value of manualPaths is written.
	ValuePos map[string][]Pos
}

// Lint configures the linter: severity per rule id (or "group/*") and
// ignore globs.
type Lint struct {
	Rules  map[string]string
	Ignore []string
	// RulePos records the line and column of each key of Rules in the
	// project file.
	RulePos map[string][2]int
	// IgnorePos records where each entry of Ignore is written.
	IgnorePos []Pos
}

// CacheDir is the folder beside lore.yaml that holds lore build's cache
// (build.CacheDir); the linter leaves it out of a manual root.
const CacheDir = ".lore-cache"

// defaultProviders returns a new map from the common providers to their
// render styles (bundle.DefaultStyles).
func defaultProviders() map[string]string {
	out := map[string]string{}
	for p, st := range bundle.DefaultStyles() {
		out[p] = string(st)
	}
	return out
}

// Hosts configures the agent hosts (claude-code, codex, …): which ones
// the project targets (the host/* lint rules check those) and every
// profile known, the built-in ones with lore.yaml's overrides applied.
type Hosts struct {
	// Targets are the hosts the project targets, in the file's order.
	Targets []string
	// Line is the line of the hosts key (0 without one).
	Line int
	// Overrides are the entries of hosts.profiles (their effect is in
	// Profiles; the YAML nodes are not part of a cache key).
	Overrides []profiles.Override `json:"-"`
	// Profiles are every known profile, sorted by name.
	Profiles []*profiles.Profile
}

// Profile returns the known profile called name, or nil.
func (h *Hosts) Profile(name string) *profiles.Profile {
	for _, p := range h.Profiles {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// Default returns the configuration of a project without lore.yaml.
func Default(dir string) *Config {
	builtin, _ := profiles.Builtin() // checked by the profiles package's tests
	return &Config{
		Hosts:     Hosts{Profiles: builtin},
		Dir:       dir,
		Title:     "lore",
		Manuals:   []string{"manuals"},
		Prompts:   "prompts",
		Content:   "content",
		Theme:     "theme",
		Out:       "public",
		Tools:     map[string]string{},
		Trust:     map[string]bool{},
		Disabled:  map[string]string{},
		Providers: defaultProviders(),
		Tokenizer: "o200k_base",
		Lint:      Lint{Rules: map[string]string{}, RulePos: map[string][2]int{}},
		Lines:     map[string]int{},
		ValuePos:  map[string][]Pos{},
	}
}

// Engines returns the configured engines: every recipe's engine, sorted.
func (c *Config) Engines() []string {
	var out []string
	for _, r := range c.Recipes {
		if !slices.Contains(out, r.Engine) {
			out = append(out, r.Engine)
		}
	}
	slices.Sort(out)
	return out
}

// Recipe returns the recipe called name.
func (c *Config) Recipe(name string) *Recipe {
	for _, r := range c.Recipes {
		if r.Name == name {
			return r
		}
	}
	return nil
}

// Style returns the render style of provider p.
func (c *Config) Style(p string) string {
	if s, ok := c.Providers[p]; ok {
		return s
	}
	return string(bundle.DefaultStyles()[p])
}

// Path joins a project-relative path onto Dir.
func (c *Config) Path(p string) string {
	if path.IsAbs(p) || c.Dir == "" || c.Dir == "." {
		return p
	}
	return path.Join(c.Dir, p)
}

// Rel expresses p (a path as the file system names it, relative to the
// working directory) relative to Dir, slash-separated: the inverse of
// Path.
func (c *Config) Rel(p string) string {
	if c.Dir == "" || c.Dir == "." {
		return path.Clean(p)
	}
	if rel, err := filepath.Rel(c.Dir, p); err == nil {
		return filepath.ToSlash(rel)
	}
	return p
}

// Error is a defect of the project file, with its position.
type Error struct {
	File string
	Line int
	Col  int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}
