package search

import (
	"crypto/sha256"
	"fmt"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/manual"
)

// Source is what a catalog is built from: the project's manuals and its
// configuration (the tool inventory and the recipes' manualPaths).
type Source struct {
	Manuals *manual.Set
	// Config may be nil: no tools, no recipes.
	Config *config.Config
	// RelPath maps a manual's file path to the path shown in answers
	// (relative to the project); nil keeps the file path.
	RelPath func(string) string
	// Sum, when set, returns the SHA-256 of a manual's source (Manual.Src)
	// that the caller has computed already; the catalog hashes the sums,
	// not the bytes again.
	Sum func(*manual.Manual) [32]byte
	// Vocabulary is the project's own routing vocabulary (lore.yaml's
	// vocabulary files, one after the other; see CheckVocabulary).
	Vocabulary string

	extracted *extraction // set by Extracted
}

// sum returns the SHA-256 of m's source.
func (src Source) sum(m *manual.Manual) [32]byte {
	if src.Sum != nil {
		return src.Sum(m)
	}
	return sha256.Sum256(m.Src)
}

// Kinds of catalog entries.
const (
	KindManual = "manual"
	KindTool   = "tool"
)

// entry is one routable unit of the catalog: a manual that is not owned by
// a skill (the documents inside an Agent Skills folder are folded into
// their SKILL.md), or a tool of the inventory.
type entry struct {
	ID       string
	Kind     string
	Name     string
	Path     string
	Rel      string
	Summary  string
	Title    string
	Triggers []string
	Headings []string
	Refs     []string // text of the owned documents
	Body     string
	Audience string
	Tools    []string
	Engines  []string
	// Content is what manual_read returns for the entry (ReadText): the
	// manual's source itself, not a copy, when it owns no documents.
	Content []byte
}

// Ref is a document an Agent Skills folder holds besides its SKILL.md.
type Ref struct {
	Name    string `json:"name"`
	Summary string `json:"summary"`
	Path    string `json:"path"`
}

// plan is a catalog entry before its texts are extracted: what it is made
// of, enough to list it, collect its tools and tell whether it changed.
type plan struct {
	id    string
	tools []string
	rel   func(string) string
	sum   func(*manual.Manual) [32]byte
	// A manual entry is made of m, the documents of its skill folder and
	// the engines that reach it; a tool entry of its name and description.
	m          *manual.Manual
	owned      []*manual.Manual
	engines    []string
	tool, desc string
}

// plans returns the plans of src's entries in path order, tools last.
func plans(src Source) []plan {
	rel := src.RelPath
	if rel == nil {
		rel = func(s string) string { return s }
	}
	cfg := src.Config
	if cfg == nil {
		cfg = config.Default(".")
	}
	owned := Owned(src.Manuals)
	reach := reachOf(src.Manuals, cfg)

	var out []plan
	for _, m := range src.Manuals.Manuals {
		if m.Owner != nil {
			continue
		}
		engines := []string{anyValue}
		if len(cfg.Recipes) > 0 {
			engines = reach[m]
		}
		out = append(out, plan{id: m.Path, tools: m.RequiresTools, rel: rel, sum: src.sum, m: m, owned: owned[m], engines: engines})
	}
	for _, t := range cfg.ToolNames {
		out = append(out, plan{id: "tool:" + t, tools: []string{t}, rel: rel, tool: t, desc: cfg.Tools[t]})
	}
	return out
}

// entry extracts the entry p plans.
func (p *plan) entry() *entry { return p.entryWith(nil) }

// entryWith is entry with the manual's body parsed into doc (nil: parsed
// now when the manual has no Doc).
func (p *plan) entryWith(doc ast.Node) *entry {
	if p.m == nil {
		t := p.tool
		return &entry{
			ID: p.id, Kind: KindTool, Name: t, Path: "tool:" + t, Rel: "tool:" + t, Summary: p.desc,
			Tools: []string{t}, Engines: []string{anyValue}, Content: []byte(p.desc),
		}
	}
	m, rel := p.m, p.rel
	e := &entry{
		ID: p.id, Kind: KindManual, Name: m.Name, Path: rel(m.Path), Rel: m.Rel, Summary: m.Summary,
		Title: m.Title, Triggers: m.Triggers, Audience: m.Audience, Tools: m.RequiresTools, Engines: p.engines,
	}
	if e.Rel == "" {
		e.Rel = e.Path
	}
	for _, s := range m.Sections {
		if s.Level > 1 && s.Level <= 4 {
			e.Headings = append(e.Headings, s.Title)
		}
	}
	var refs []Ref
	for _, o := range p.owned {
		refs = append(refs, Ref{Name: o.Name, Summary: o.Summary, Path: rel(o.Path)})
		e.Refs = append(e.Refs, strings.Join(NameWords(o.Name), " "), o.Title, o.Summary)
		for _, s := range o.Sections {
			if s.Level <= 3 {
				e.Refs = append(e.Refs, s.Title)
			}
		}
	}
	if doc == nil {
		doc = m.AST()
	}
	e.Body = bodyText(m, doc)
	if len(refs) == 0 {
		e.Content = m.Src // ReadText without the copy
	} else {
		e.Content = []byte(ReadText(m, refs))
	}
	return e
}

// key hashes what the entry p plans is made of: a manual's path, shown
// path and source (its SHA-256; a manual is parsed from its path and
// bytes alone), those of the documents of its skill folder, and the
// engines that reach it; a tool's name and description. Equal keys mean
// equal entries.
func (p *plan) key() [32]byte {
	h := sha256.New()
	w := func(parts ...string) {
		for _, s := range parts {
			fmt.Fprintf(h, "%d:%s", len(s), s)
		}
	}
	if p.m == nil {
		w("tool", p.tool, p.desc)
	} else {
		for _, m := range append([]*manual.Manual{p.m}, p.owned...) {
			w("manual", m.Path, p.rel(m.Path), m.Rel)
			s := p.sum(m)
			h.Write(s[:])
		}
		w("engines")
		w(p.engines...)
	}
	var k [32]byte
	h.Sum(k[:0])
	return k
}

// Owned maps each SKILL.md to the documents of its folder, in path order.
func Owned(s *manual.Set) map[*manual.Manual][]*manual.Manual {
	out := map[*manual.Manual][]*manual.Manual{}
	for _, m := range s.Manuals {
		if m.Owner != nil {
			out[m.Owner] = append(out[m.Owner], m)
		}
	}
	return out
}

// reachOf maps each manual to the engines whose recipe cascade reaches
// it (winner or not: which of a name's manuals an engine sees depends on
// who asks, Meta.Shadows), sorted.
func reachOf(s *manual.Set, cfg *config.Config) map[*manual.Manual][]string {
	out := map[*manual.Manual][]string{}
	cv := viewOf(Source{Manuals: s, Config: cfg})
	for _, e := range cv.engines {
		for _, m := range s.Cascade(cv.paths[e]).Order {
			out[m] = append(out[m], e)
		}
	}
	return out
}

// NameWords splits a manual or tool name into words: at '-', '_', '.',
// digits and lower-to-upper case changes ("embed-images" → embed, images;
// "docCreate" → doc, create).
func NameWords(name string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case unicode.IsUpper(r) && i > 0 && unicode.IsLower(rs[i-1]):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return out
}

// maxBodyText bounds the prose indexed per manual: the opening of a manual
// says what it is about; the long tail adds vocabulary, not routing signal.
const maxBodyText = 16 << 10

// bodyText returns the prose of m's body: text and inline code, without
// code blocks, HTML and link targets; the info word of each fenced block
// (mermaid, chart, …) is kept.
func bodyText(m *manual.Manual, doc ast.Node) string {
	body := m.Body()
	var b strings.Builder
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			if n.Type() == ast.TypeBlock {
				b.WriteByte('\n')
			}
			return ast.WalkContinue, nil
		}
		if b.Len() > maxBodyText {
			return ast.WalkStop, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock:
			if n.Info != nil {
				b.WriteString(strings.Fields(string(n.Info.Segment.Value(body)) + " ")[0])
				b.WriteByte('\n')
			}
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock, *ast.HTMLBlock, *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		case *ast.Text:
			b.Write(n.Segment.Value(body))
			if n.SoftLineBreak() || n.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(n.Value)
		}
		return ast.WalkContinue, nil
	})
	// A copy of the text's length: the builder's buffer has grown by
	// doubling, and the catalog holds the text of every manual until it
	// is indexed.
	return strings.Clone(b.String())
}
