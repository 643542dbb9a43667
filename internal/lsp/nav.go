package lsp

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/spf13/afero"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/lorekit/lore/internal/manual"
)

// callAt returns the manual_read('x') call under p, with its range: one
// of the references the parser marked when d is a manual, or a call of
// its text (a prompt file).
func (s *server) callAt(d *document, p protocol.Position) (manual.Ref, protocol.Range, bool) {
	off := d.text.offset(p)
	for _, r := range s.callsOf(d) {
		if r.Kind == manual.RefManual && off >= r.Offset && off < r.EndOffset {
			return r, d.text.rangeOf(r.Offset, r.EndOffset), true
		}
	}
	return manual.Ref{}, protocol.Range{}, false
}

// callsOf returns the manual_read calls of d: a manual's references, or
// every call of another file's text.
func (s *server) callsOf(d *document) []manual.Ref {
	if m := s.manualOf(d); m != nil {
		return m.Refs
	}
	return manual.ManualReads(d.text.b, nil)
}

func (s *server) hoverRequest(_ *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	if d := s.doc(p.TextDocument.URI); d != nil {
		return s.hover(d, p.Position), nil
	}
	return nil, nil
}

func (s *server) definitionRequest(_ *glsp.Context, p *protocol.DefinitionParams) (any, error) {
	if d := s.doc(p.TextDocument.URI); d != nil {
		if l := s.definition(d, p.Position); l != nil {
			return l, nil
		}
	}
	return nil, nil
}

func (s *server) referencesRequest(_ *glsp.Context, p *protocol.ReferenceParams) ([]protocol.Location, error) {
	if d := s.doc(p.TextDocument.URI); d != nil {
		return s.references(d, p.Position), nil
	}
	return []protocol.Location{}, nil
}

// hover describes the manual a call resolves to, or the header key under
// the cursor.
func (s *server) hover(d *document, p protocol.Position) *protocol.Hover {
	snap := s.current()
	if snap.err != nil {
		return nil
	}
	if r, rng, ok := s.callAt(d, p); ok {
		return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: s.describe(snap.cascade, r.Target)}, Range: &rng}
	}
	if key, rng, ok := s.headerKeyAt(d, p); ok {
		return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: "**" + key + "**: " + keyDocs[key]}, Range: &rng}
	}
	return nil
}

// describe is the hover text of manual_read(name): summary, triggers,
// path and the manuals the winner shadows.
func (s *server) describe(c *manual.Cascade, name string) string {
	w := c.Resolve(name)
	if w == nil {
		return fmt.Sprintf("`manual_read('%s')`: no manual is called %q", name, name)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** — `%s`\n\n", name, s.rel(w.Path))
	if w.Summary != "" {
		fmt.Fprintf(&b, "%s\n\n", w.Summary)
	}
	if len(w.Triggers) > 0 {
		fmt.Fprintf(&b, "triggers: %s\n\n", strings.Join(w.Triggers, ", "))
	}
	if w.Audience != "" {
		fmt.Fprintf(&b, "audience: %s\n\n", w.Audience)
	}
	if len(w.RequiresTools) > 0 {
		fmt.Fprintf(&b, "requires-tools: %s\n\n", strings.Join(w.RequiresTools, ", "))
	}
	if lost := c.Shadowed(name); len(lost) > 0 {
		var ps []string
		for _, m := range lost {
			ps = append(ps, "`"+s.rel(m.Path)+"`")
		}
		fmt.Fprintf(&b, "shadows: %s\n", strings.Join(ps, ", "))
	}
	return strings.TrimSpace(b.String())
}

// keyDocs explain the header keys (seed 000 §3).
var keyDocs = map[string]string{
	manual.KeyAudience:      "the one engine this manual is for; without it every engine sees it.",
	manual.KeyTriggers:      "comma-separated words and phrases of the requests this manual answers (how_do_i routes on them).",
	manual.KeySummary:       "one line: what the manual helps with, shown in manual_list and how_do_i.",
	manual.KeyRequiresTools: "comma-separated tools the manual needs; an engine whose allow-set lacks one does not see the manual.",
}

// headerKeyAt returns the header key under p.
func (s *server) headerKeyAt(d *document, p protocol.Position) (string, protocol.Range, bool) {
	n := int(p.Line)
	if !s.inHeader(d, n) {
		return "", protocol.Range{}, false
	}
	key, _, ok := strings.Cut(d.text.line(n), ":")
	key = strings.TrimSpace(key)
	if _, known := keyDocs[key]; !ok || !known || int(p.Character) > utf16Count(key) {
		return "", protocol.Range{}, false
	}
	return key, protocol.Range{Start: protocol.Position{Line: p.Line}, End: protocol.Position{Line: p.Line, Character: protocol.UInteger(utf16Count(key))}}, true
}

// inHeader reports whether 0-based line n lies between the header's
// delimiters (up to the first blank line while the header is still open).
func (s *server) inHeader(d *document, n int) bool {
	if strings.TrimRight(d.text.line(0), " \t") != "---" || n < 1 {
		return false
	}
	for i := 1; i < n; i++ {
		l := strings.TrimRight(d.text.line(i), " \t")
		if l == "---" || l == "" {
			return false
		}
	}
	return strings.TrimRight(d.text.line(n), " \t") != "---"
}

// definition is the manual the cascade resolves the call under p to.
func (s *server) definition(d *document, p protocol.Position) *protocol.Location {
	snap := s.current()
	if snap.err != nil {
		return nil
	}
	r, _, ok := s.callAt(d, p)
	if !ok {
		return nil
	}
	w := snap.cascade.Resolve(r.Target)
	if w == nil {
		return nil
	}
	return &protocol.Location{URI: s.uriOf(w.Path)}
}

// references lists the manual_read calls of the manual named under p (a
// call) or of the manual d is, in manuals and prompt files.
func (s *server) references(d *document, p protocol.Position) []protocol.Location {
	out := []protocol.Location{}
	snap := s.current()
	if snap.err != nil {
		return out
	}
	name := ""
	if r, _, ok := s.callAt(d, p); ok {
		name = r.Target
	} else if m := snap.project.Manuals.ByPath(d.path); m != nil {
		name = m.Name
	}
	if name == "" {
		return out
	}
	add := func(file string, src []byte, refs []manual.Ref) {
		var offs []int // of the calls, start and end, counted together
		for _, r := range refs {
			if r.Kind == manual.RefManual && r.Target == name {
				offs = append(offs, r.Offset, r.EndOffset)
			}
		}
		if len(offs) == 0 {
			return
		}
		ps := s.textOf(file, src).positions(offs)
		for i := 0; i < len(ps); i += 2 {
			out = append(out, protocol.Location{URI: s.uriOf(file), Range: protocol.Range{Start: ps[i], End: ps[i+1]}})
		}
	}
	for _, m := range snap.project.Manuals.Manuals {
		add(m.Path, m.Src, m.Refs)
	}
	fsys := snap.project.FS
	dir := snap.project.PromptsDir()
	var files []string
	_ = afero.Walk(fsys, dir, func(p string, fi fs.FileInfo, err error) error {
		if err == nil && !fi.IsDir() && strings.HasSuffix(p, ".md") {
			files = append(files, p)
		}
		return nil
	})
	slices.Sort(files)
	for _, f := range files {
		if src, err := afero.ReadFile(fsys, f); err == nil {
			add(f, src, manual.ManualReads(src, nil))
		}
	}
	return out
}

// textOf returns the text of file: the open document's or src.
func (s *server) textOf(file string, src []byte) *text {
	if d := s.docs[file]; d != nil {
		return d.text
	}
	return newText(string(src))
}

// uriOf returns the URI of file: the client's, when it has it open.
func (s *server) uriOf(file string) string {
	if d := s.docs[file]; d != nil {
		return d.uri
	}
	return fileURI(file)
}
