package bundle

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Schema identifies the bundle file format.
const Schema = "lore.bundle/v1"

// Descriptor records one contributing block: which layer and source it came
// from, the sha256 and size of the text it contributed, and its priority.
// Only the winning layer of a narrowest-wins block is recorded.
type Descriptor struct {
	Block    string `json:"block"`
	Layer    string `json:"layer"`
	Source   string `json:"source"`
	Digest   string `json:"digest"`
	Bytes    int    `json:"bytes"`
	Tokens   int    `json:"tokens"`
	Priority int    `json:"priority"`
}

// Meta names a bundle: one per recipe × surface × role × provider.
type Meta struct {
	Recipe   string
	Engine   string
	Surface  string
	Role     string // "" for the recipe's own prompt
	Provider string
	Style    Style
	// Budget is the token budget of the prefix; 0 means none.
	Budget int
	// Tokenizer names the encoding tokens are counted with.
	Tokenizer string
	// Sources, when the bundle's templates list the manuals the engine
	// can load ({{ sources }}), says how that list fits its budget.
	Sources *Sources
}

// Sources describes the list of manuals a bundle's prompt offers the model
// to choose from ({{ sources }}, seed 000 §11): each manual's name and
// summary, as many as fit Budget tokens.
type Sources struct {
	// Budget is the token budget of the list (the recipe's sourcesBudget);
	// Tokens what the list takes.
	Budget int `json:"budget"`
	Tokens int `json:"tokens"`
	// Listed manuals are in the list, of Available the engine can load;
	// when fewer are listed, the list ends by pointing to manual_list().
	Listed    int `json:"listed"`
	Available int `json:"available"`
}

// ID is the bundle's id: recipe.surface.provider, with ".role" appended
// for a role bundle.
func (m Meta) ID() string {
	id := m.Recipe + "." + m.Surface + "." + m.Provider
	if m.Role != "" {
		id += "." + m.Role
	}
	return id
}

// Bundle is a frozen prompt: public/lore/bundles/<id>.json.
type Bundle struct {
	Schema   string `json:"schema"`
	ID       string `json:"id"`
	Recipe   string `json:"recipe"`
	Engine   string `json:"engine"`
	Surface  string `json:"surface"`
	Role     string `json:"role"`
	Provider string `json:"provider"`
	Style    Style  `json:"style"`
	// Prefix is the cached system prompt; Tail the per-turn template whose
	// {{ turn.NAME }} placeholders FillTail fills.
	Prefix string `json:"prefix"`
	Tail   string `json:"tail"`
	// SHA256, Bytes and Tokens describe the prefix only.
	SHA256 string `json:"sha256"`
	Bytes  int    `json:"bytes"`
	Tokens int    `json:"tokens"`
	Budget int    `json:"budget"`
	// Tokenizer names the encoding Tokens were counted with.
	Tokenizer  string `json:"tokenizer"`
	TailSHA256 string `json:"tailSha256"`
	TailTokens int    `json:"tailTokens"`
	// Sources is set when the prompt lists the manuals the engine can
	// load ({{ sources }}): the list's budget and what it holds.
	Sources *Sources `json:"sources,omitempty"`
	// Layers are the descriptors, broadest first.
	Layers []Descriptor `json:"layers"`
	// Disabled lists switched-off blocks with their reasons.
	Disabled []Absence `json:"disabled"`
	// Blocks are the composed blocks with their parts: what Verify and
	// Overlay recompose from.
	Blocks []Composed `json:"blocks"`
	// BundleSHA256 and FieldSHA256 seal every other field (see Seal):
	// FieldSHA256 holds one digest per field, BundleSHA256 the digest of
	// them all. SHA256 stays the digest of the prefix alone, the key of
	// prompt caches.
	BundleSHA256 string            `json:"bundleSha256"`
	FieldSHA256  map[string]string `json:"fieldSha256"`
}

// Entry is a bundle's line in manifest.json: the bundle without its text,
// plus the path of its file.
type Entry struct {
	ID       string       `json:"id"`
	Recipe   string       `json:"recipe"`
	Engine   string       `json:"engine"`
	Surface  string       `json:"surface"`
	Role     string       `json:"role"`
	Provider string       `json:"provider"`
	Style    Style        `json:"style"`
	SHA256   string       `json:"sha256"`
	Bytes    int          `json:"bytes"`
	Tokens   int          `json:"tokens"`
	Budget   int          `json:"budget"`
	Layers   []Descriptor `json:"layers"`
	Path     string       `json:"path"`
	// BundleSHA256 is the bundle file's seal (Bundle.BundleSHA256).
	BundleSHA256 string `json:"bundleSha256"`
}

// Entry returns b's manifest entry; path is where its file is published.
func (b *Bundle) Entry(path string) Entry {
	return Entry{ID: b.ID, Recipe: b.Recipe, Engine: b.Engine, Surface: b.Surface, Role: b.Role, Provider: b.Provider,
		Style: b.Style, SHA256: b.SHA256, Bytes: b.Bytes, Tokens: b.Tokens, Budget: b.Budget, Layers: b.Layers, Path: path,
		BundleSHA256: b.BundleSHA256}
}

// Bake composes s and renders the result as the bundle m names. Tokens are
// counted with count (nil leaves them 0). The problems are those of Compose.
func Bake(m Meta, s Stack, count func(string) int) (*Bundle, []Problem, error) {
	if _, err := ParseStyle(string(m.Style)); err != nil {
		return nil, nil, err
	}
	if m.Role != "" && !slices.Contains(s.Roles, m.Role) {
		return nil, nil, fmt.Errorf("%w: role %q is not admitted by recipe %q", ErrUnadmittedRole, m.Role, m.Recipe)
	}
	c, err := Compose(s)
	if err != nil {
		return nil, nil, err
	}
	return fromComposition(m, c, count), c.Problems, nil
}

func fromComposition(m Meta, c *Composition, count func(string) int) *Bundle {
	prefix, tail := c.Render(m.Style)
	b := &Bundle{Schema: Schema, ID: m.ID(), Recipe: m.Recipe, Engine: m.Engine, Surface: m.Surface, Role: m.Role,
		Provider: m.Provider, Style: m.Style, Prefix: prefix, Tail: tail, SHA256: Digest(prefix), Bytes: len(prefix),
		Budget: m.Budget, Tokenizer: m.Tokenizer, TailSHA256: Digest(tail), Layers: c.Descriptors(count), Disabled: c.Disabled, Blocks: c.Blocks,
		Sources: m.Sources}
	if count != nil {
		b.Tokens, b.TailTokens = count(prefix), count(tail)
	}
	if b.Disabled == nil {
		b.Disabled = []Absence{}
	}
	if b.Blocks == nil {
		b.Blocks = []Composed{}
	}
	if b.Layers == nil {
		b.Layers = []Descriptor{}
	}
	b.Seal()
	return b
}

// Meta returns the names of b.
func (b *Bundle) Meta() Meta {
	return Meta{Recipe: b.Recipe, Engine: b.Engine, Surface: b.Surface, Role: b.Role, Provider: b.Provider, Style: b.Style,
		Budget: b.Budget, Tokenizer: b.Tokenizer}
}

// Marshal encodes b as its file: indented JSON, HTML left unescaped, a
// final newline. Equal bundles encode to equal bytes.
func (b *Bundle) Marshal() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(b); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Unmarshal decodes a bundle file and recomposes its blocks' texts.
func Unmarshal(data []byte) (*Bundle, error) {
	var b Bundle
	if err := json.Unmarshal(data, &b); err != nil {
		return nil, err
	}
	if b.Schema != Schema {
		return nil, fmt.Errorf("not a lore bundle: schema %q, want %q", b.Schema, Schema)
	}
	for i := range b.Blocks {
		b.Blocks[i].compose()
	}
	return &b, nil
}

// OverBudget reports whether the prefix exceeds a non-zero budget.
func (b *Bundle) OverBudget() bool { return b.Budget > 0 && b.Tokens > b.Budget }

// Largest returns up to n descriptors with the most tokens (bytes when
// tokens tie), largest first.
func (b *Bundle) Largest(n int) []Descriptor {
	ds := slices.Clone(b.Layers)
	slices.SortStableFunc(ds, func(x, y Descriptor) int {
		return cmp.Or(cmp.Compare(y.Tokens, x.Tokens), cmp.Compare(y.Bytes, x.Bytes))
	})
	return ds[:min(n, len(ds))]
}

// BudgetMessage explains a prefix over its budget, naming the largest
// contributing layers.
func (b *Bundle) BudgetMessage() string {
	var parts []string
	for _, d := range b.Largest(3) {
		parts = append(parts, fmt.Sprintf("%s/%s %d tokens (%s)", d.Layer, d.Block, d.Tokens, d.Source))
	}
	return fmt.Sprintf("bundle %s: the prefix is %d tokens, %d over its budget of %d; largest layers: %s. "+
		"Move capability detail into manuals behind a manual_read hook, or raise the recipe's budget",
		b.ID, b.Tokens, b.Tokens-b.Budget, b.Budget, strings.Join(parts, ", "))
}

// Overlay composes extra layers (a runtime's user layers) over a baked
// bundle with the same rules the build used, and renders the result in the
// bundle's style. Roles lists the roles the runtime admits; the bundle's
// own role is always admitted.
func Overlay(b *Bundle, roles []string, count func(string) int, layers ...Layer) (*Bundle, []Problem, error) {
	s := Stack{Disabled: map[string]string{}, Priorities: map[string]int{}}
	for _, a := range b.Disabled {
		s.Disabled[a.Block] = a.Reason
	}
	s.Roles = append(s.Roles, roles...)
	if b.Role != "" {
		s.Roles = append(s.Roles, b.Role)
	}
	// The baked parts become layers again, in their order.
	byLayer := map[string]int{}
	for _, cb := range b.Blocks {
		s.Priorities[cb.Name] = cb.Priority
		for _, p := range cb.Parts {
			k, name, _ := strings.Cut(p.Layer, "/")
			i, ok := byLayer[p.Layer]
			if !ok {
				s.Layers = append(s.Layers, Layer{Kind: Kind(k), Name: name})
				i = len(s.Layers) - 1
				byLayer[p.Layer] = i
			}
			s.Layers[i].Blocks = append(s.Layers[i].Blocks, Block{Name: cb.Name, Text: p.Text, Source: p.Source, Line: p.Line,
				Priority: cb.Priority, Dynamic: cb.Dynamic})
		}
	}
	s.Layers = append(s.Layers, layers...)
	c, err := Compose(s)
	if err != nil {
		return nil, nil, err
	}
	return fromComposition(b.Meta(), c, count), c.Problems, nil
}
