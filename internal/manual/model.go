package manual

import (
	"encoding/binary"
	"errors"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/lorekit/lore/internal/diag"
)

// A manual's model is what parsing found in it, without the parsed
// Markdown: names, header fields, sections, fences, references, line count
// and problems. It is a function of the file's path, its root and its
// bytes alone, so a build can keep it (AppendModel) and a later process
// restore it from the same bytes (Restore) instead of parsing the file
// again; goldmark's parse is most of the cost of loading a manual.
//
// The header is not kept: it is read again from the bytes (reading a
// header is cheap, and the Agent Skills front matter's decoded YAML has no
// binary form). The parsed Markdown is made again when something asks for
// it (AST).

// modelVersion starts every model; a model of another version is not
// restored.
const modelVersion = 1

// AppendModel appends the model of m to b.
func (m *Manual) AppendModel(b []byte) []byte {
	w := modelWriter{b: binary.AppendUvarint(b, modelVersion)}
	w.str(m.Name)
	w.str(string(m.Dialect))
	w.str(m.Audience)
	w.strs(m.Triggers)
	w.int(m.TriggerCount)
	w.str(m.Summary)
	w.strs(m.RequiresTools)
	w.str(m.Title)
	w.int(len(m.Sections))
	for _, s := range m.Sections {
		w.int(s.Level)
		w.str(s.Title)
		w.str(s.ID)
		w.ints(s.Line, s.EndLine, s.Offset, s.EndOffset)
	}
	w.int(len(m.Refs))
	for _, r := range m.Refs {
		w.int(int(r.Kind))
		w.str(r.Target)
		w.str(r.Anchor)
		w.ints(r.Line, r.Col, r.EndCol, r.Offset, r.EndOffset)
		w.bool(r.Image)
	}
	w.int(len(m.Fences))
	for _, f := range m.Fences {
		w.str(f.Lang)
		w.ints(f.Line, f.EndLine, f.Offset, f.EndOffset)
	}
	w.bool(m.Unparsed)
	w.int(m.BodyStart)
	w.int(len(m.Problems))
	for _, p := range m.Problems {
		w.str(p.Rule)
		w.ints(p.Line, p.Col, p.EndLine, p.EndCol)
		w.str(p.Message)
	}
	return w.b
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
	r := modelReader{b: model}
	if r.uint() != modelVersion {
		return nil, errors.New("a model of another version")
	}
	m.Name = r.str()
	m.Dialect = Dialect(r.str())
	m.Audience = r.str()
	m.Triggers = r.strs()
	m.TriggerCount = r.int()
	m.Summary = r.str()
	m.RequiresTools = r.strs()
	m.Title = r.str()
	if n := r.count(); n > 0 {
		m.Sections = make([]Section, n)
		for i := range m.Sections {
			s := &m.Sections[i]
			s.Level, s.Title, s.ID = r.int(), r.str(), r.str()
			s.Line, s.EndLine, s.Offset, s.EndOffset = r.int(), r.int(), r.int(), r.int()
		}
	}
	if n := r.count(); n > 0 {
		m.Refs = make([]Ref, n)
		for i := range m.Refs {
			f := &m.Refs[i]
			f.Kind, f.Target, f.Anchor = RefKind(r.int()), r.str(), r.str()
			f.Line, f.Col, f.EndCol, f.Offset, f.EndOffset = r.int(), r.int(), r.int(), r.int(), r.int()
			f.Image = r.bool()
		}
	}
	if n := r.count(); n > 0 {
		m.Fences = make([]Fence, n)
		for i := range m.Fences {
			f := &m.Fences[i]
			f.Lang = r.str()
			f.Line, f.EndLine, f.Offset, f.EndOffset = r.int(), r.int(), r.int(), r.int()
		}
	}
	m.Unparsed = r.bool()
	m.BodyStart = r.int()
	if n := r.count(); n > 0 {
		m.Problems = make([]Problem, n)
		for i := range m.Problems {
			p := &m.Problems[i]
			p.Rule = r.str()
			p.Line, p.Col, p.EndLine, p.EndCol = r.int(), r.int(), r.int(), r.int()
			p.Message = r.str()
		}
	}
	if r.bad || len(r.b) > 0 || m.BodyStart < 0 || m.BodyStart > len(src) {
		return nil, errors.New("a damaged model")
	}
	m.idx = diag.NewLines(src)
	m.Lines = m.idx.Count(src)
	if m.Dialect == Skill {
		m.Header, _, _ = parseFrontMatter(src, m.idx)
	} else {
		m.Header, _, _ = parseLoreHeader(src, m.idx)
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

// modelWriter appends a model's parts.
type modelWriter struct{ b []byte }

func (w *modelWriter) int(n int) { w.b = binary.AppendVarint(w.b, int64(n)) }

func (w *modelWriter) ints(ns ...int) {
	for _, n := range ns {
		w.int(n)
	}
}

func (w *modelWriter) bool(v bool) {
	if v {
		w.int(1)
	} else {
		w.int(0)
	}
}

func (w *modelWriter) str(s string) {
	w.b = binary.AppendUvarint(w.b, uint64(len(s)))
	w.b = append(w.b, s...)
}

// strs writes a list, keeping nil apart from empty.
func (w *modelWriter) strs(ss []string) {
	if ss == nil {
		w.int(-1)
		return
	}
	w.int(len(ss))
	for _, s := range ss {
		w.str(s)
	}
}

// modelReader reads a model's parts; bad is set once a part cannot be
// read, after which every part reads as zero.
type modelReader struct {
	b   []byte
	bad bool
}

func (r *modelReader) uint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.bad, r.b = true, nil
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *modelReader) int() int {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.bad, r.b = true, nil
		return 0
	}
	r.b = r.b[n:]
	return int(v)
}

func (r *modelReader) bool() bool { return r.int() != 0 }

// count reads a length, which cannot exceed the bytes left.
func (r *modelReader) count() int {
	n := r.int()
	if n < 0 || n > len(r.b) {
		r.bad, r.b = true, nil
		return 0
	}
	return n
}

func (r *modelReader) str() string {
	n := r.uint()
	if n > uint64(len(r.b)) {
		r.bad, r.b = true, nil
		return ""
	}
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

func (r *modelReader) strs() []string {
	n := r.int()
	if n == -1 {
		return nil
	}
	if n < 0 || n > len(r.b) {
		r.bad, r.b = true, nil
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = r.str()
	}
	return out
}
