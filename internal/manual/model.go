package manual

import (
	"encoding/binary"
	"errors"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/lorekit/lore/internal/binenc"
	"github.com/lorekit/lore/internal/diag"
)

// A manual's model is what parsing found in it, without the parsed
// Markdown: names, header fields, sections, fences, references, line count
// and problems. It is a function of the file's path, its root and its
// bytes alone, so a build can keep it (AppendModel) and a later process
// restore it from the same bytes (Restore) instead of parsing the file
// again; goldmark's parse is most of the cost of loading a manual.
//
// The header of a lore manual is kept; the Agent Skills front matter is
// read again from the bytes (its decoded YAML has no binary form). The
// parsed Markdown is made again when something asks for it (AST).

// modelVersion starts every model; a model of another version is not
// restored. Version 3 keeps the lore header.
const modelVersion = 3

// AppendModel appends the model of m to b.
func (m *Manual) AppendModel(b []byte) []byte {
	w := binenc.Writer{B: binary.AppendUvarint(b, modelVersion)}
	w.Str(m.Name)
	w.Str(string(m.Dialect))
	w.Str(m.Audience)
	w.Strs(m.Triggers)
	w.Int(m.TriggerCount)
	w.Str(m.Summary)
	w.Strs(m.RequiresTools)
	w.Str(m.Title)
	w.Int(len(m.Sections))
	for _, s := range m.Sections {
		w.Int(s.Level)
		w.Str(s.Title)
		w.Str(s.ID)
		w.Ints(s.Line, s.EndLine, s.Offset, s.EndOffset)
	}
	w.Int(len(m.Refs))
	for _, r := range m.Refs {
		w.Int(int(r.Kind))
		w.Str(r.Target)
		w.Str(r.Anchor)
		w.Ints(r.Line, r.Col, r.EndCol, r.Offset, r.EndOffset)
		w.Bool(r.Image)
	}
	w.Int(len(m.Fences))
	for _, f := range m.Fences {
		w.Str(f.Lang)
		w.Ints(f.Line, f.EndLine, f.Offset, f.EndOffset)
		w.Bool(f.Indented)
	}
	w.Bool(m.Unparsed)
	w.Int(m.BodyStart)
	w.Int(len(m.Problems))
	for _, p := range m.Problems {
		w.Str(p.Rule)
		w.Ints(p.Line, p.Col, p.EndLine, p.EndCol)
		w.Str(p.Message)
	}
	if m.Dialect != Skill {
		h := m.Header
		w.Bool(h.Present)
		w.Ints(h.Start, h.End)
		w.Int(len(h.Fields))
		for _, f := range h.Fields {
			w.Str(f.Key)
			w.Str(f.Value)
			w.Ints(f.Line, f.Col)
		}
	}
	return w.B
}

// Restore returns the manual at path p, found under root, whose bytes are
// src and whose model (AppendModel of the manual parsed from the same
// path, root and bytes) is model. Its Doc is nil: AST parses the body when
// asked. A model that cannot be read is an error; the caller parses the
// file instead.
func Restore(p, root string, src, model []byte) (m *Manual, err error) {
	src = NormalizeCR(src)
	m = &Manual{Path: p, Root: root, Src: src}
	if root != "" { // as the loader sets it (Parse alone leaves it empty)
		m.Rel = relTo(root, p)
	}
	r := binenc.NewReader(model)
	if r.Uint() != modelVersion {
		return nil, errors.New("a model of another version")
	}
	m.Name = r.Str()
	m.Dialect = Dialect(r.Str())
	m.Audience = r.Str()
	m.Triggers = r.Strs()
	m.TriggerCount = r.Int()
	m.Summary = r.Str()
	m.RequiresTools = r.Strs()
	m.Title = r.Str()
	if n := r.Count(); n > 0 {
		m.Sections = make([]Section, n)
		for i := range m.Sections {
			s := &m.Sections[i]
			s.Level, s.Title, s.ID = r.Int(), r.Str(), r.Str()
			s.Line, s.EndLine, s.Offset, s.EndOffset = r.Int(), r.Int(), r.Int(), r.Int()
		}
	}
	if n := r.Count(); n > 0 {
		m.Refs = make([]Ref, n)
		for i := range m.Refs {
			f := &m.Refs[i]
			f.Kind, f.Target, f.Anchor = RefKind(r.Int()), r.Str(), r.Str()
			f.Line, f.Col, f.EndCol, f.Offset, f.EndOffset = r.Int(), r.Int(), r.Int(), r.Int(), r.Int()
			f.Image = r.Bool()
		}
	}
	if n := r.Count(); n > 0 {
		m.Fences = make([]Fence, n)
		for i := range m.Fences {
			f := &m.Fences[i]
			f.Lang = r.Str()
			f.Line, f.EndLine, f.Offset, f.EndOffset = r.Int(), r.Int(), r.Int(), r.Int()
			f.Indented = r.Bool()
		}
	}
	m.Unparsed = r.Bool()
	m.BodyStart = r.Int()
	if n := r.Count(); n > 0 {
		m.Problems = make([]Problem, n)
		for i := range m.Problems {
			p := &m.Problems[i]
			p.Rule = r.Str()
			p.Line, p.Col, p.EndLine, p.EndCol = r.Int(), r.Int(), r.Int(), r.Int()
			p.Message = r.Str()
		}
	}
	if m.Dialect != Skill {
		h := &m.Header
		h.Present = r.Bool()
		h.Start, h.End = r.Int(), r.Int()
		if n := r.Count(); n > 0 {
			h.Fields = make([]Field, n)
			for i := range h.Fields {
				f := &h.Fields[i]
				f.Key, f.Value = r.Str(), r.Str()
				f.Line, f.Col = r.Int(), r.Int()
			}
		}
	}
	if !r.Done() || m.BodyStart < 0 || m.BodyStart > len(src) {
		return nil, errors.New("a damaged model")
	}
	m.idx = diag.NewLines(src)
	m.Lines = m.idx.Count(src)
	if m.Dialect == Skill {
		m.Header, _, _ = parseFrontMatter(src, m.idx)
	}
	return m, nil
}

// AST returns the parsed Markdown of the body: Doc, or, when the manual
// was restored from its model or let go of its Doc, the body parsed again
// (as Parse parsed it: an empty document holding the manual_read calls
// for a body too complex to parse). The result is not kept.
func (m *Manual) AST() ast.Node {
	if m.Doc != nil {
		return m.Doc
	}
	body := m.Body()
	if m.Unparsed {
		doc := ast.NewDocument()
		readCalls{}.Transform(doc, text.NewReader(body), nil)
		return doc
	}
	return ParseMarkdown(body)
}
