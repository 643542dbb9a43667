package manual

import (
	"bytes"
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Markdown is the goldmark configuration every manual is parsed with: GFM,
// footnotes and heading ids from Slug. The site renders the same AST, so a
// manual is parsed once.
var Markdown = goldmark.New(
	goldmark.WithExtensions(extension.GFM, extension.Footnote),
	goldmark.WithParserOptions(parser.WithAutoHeadingID()),
)

// Parse parses src, the content of the file at path p, into a Manual. It
// never fails: defects become Problems.
func Parse(p string, src []byte) *Manual {
	m := &Manual{Path: p, Src: src, Dialect: DialectOf(p), Name: NameOf(p)}
	m.idx = newLineIndex(src)
	m.Lines = m.idx.count(src)

	var probs []Problem
	if m.Dialect == Skill {
		m.Header, m.BodyStart, probs = parseFrontMatter(src, m.idx)
		m.fromMeta()
	} else {
		m.Header, m.BodyStart, probs = parseLoreHeader(src, m.idx)
		m.fromFields()
	}
	m.Problems = append(m.Problems, probs...)

	body := m.Body()
	pc := parser.NewContext(parser.WithIDs(newHeadingIDs()))
	m.Doc = Markdown.Parser().Parse(text.NewReader(body), parser.WithContext(pc))
	m.walk(body)
	return m
}

func (m *Manual) fromFields() {
	for _, f := range m.Header.Fields {
		switch f.Key {
		case KeyAudience:
			m.Audience = f.Value
		case KeyTriggers:
			m.Triggers = splitList(f.Value)
		case KeySummary:
			m.Summary = f.Value
		case KeyRequiresTools:
			m.RequiresTools = splitList(f.Value)
		}
	}
}

func (m *Manual) fromMeta() {
	md := m.Header.Meta
	if md == nil {
		return
	}
	// The front matter's name wins when it is a valid manual name; display
	// names such as "AWS Incident Triage" keep the file's name.
	if n, ok, isStr := metaString(md, "name"); ok && isStr && ValidName(strings.TrimSpace(n)) {
		m.Name = strings.TrimSpace(n)
	}
	if d, ok, _ := metaString(md, "description"); ok {
		m.Summary = strings.Join(strings.Fields(d), " ")
	}
	if a, ok, _ := metaString(md, "audience"); ok {
		m.Audience = strings.TrimSpace(a)
	}
	m.Triggers = metaList(md, "triggers")
	m.RequiresTools = metaList(md, "allowed-tools")
	if len(m.RequiresTools) == 0 {
		m.RequiresTools = metaList(md, "requires-tools")
	}
}

// walk collects sections, fences and references from the AST.
func (m *Manual) walk(body []byte) {
	base := m.BodyStart
	var code [][2]int // byte ranges (in Src) of code blocks
	var headings []*Section
	ast.Walk(m.Doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			title := plainText(n, body)
			id, _ := n.AttributeString("id")
			idStr := ""
			if b, ok := id.([]byte); ok {
				idStr = string(b)
			}
			line := m.blockLine(n, base)
			s := &Section{Level: n.Level, Title: title, ID: idStr, Line: line}
			headings = append(headings, s)
			if n.Level == 1 && m.Title == "" {
				m.Title = title
			}
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock:
			lang := ""
			if n.Info != nil {
				lang = strings.Fields(string(n.Info.Segment.Value(body)) + " ")[0]
			}
			start, end := m.blockSpan(n, base)
			m.Fences = append(m.Fences, Fence{Lang: lang, Line: start, EndLine: end})
			code = append(code, [2]int{m.LineOffset(start), m.LineOffset(end + 1)})
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock:
			start, end := m.blockSpan(n, base)
			m.Fences = append(m.Fences, Fence{Line: start, EndLine: end})
			code = append(code, [2]int{m.LineOffset(start), m.LineOffset(end + 1)})
			return ast.WalkSkipChildren, nil
		case *ast.Link:
			m.addLink(string(n.Destination), n, n.Reference != nil, body, false)
		case *ast.Image:
			m.addLink(string(n.Destination), n, n.Reference != nil, body, true)
		}
		return ast.WalkContinue, nil
	})
	for i, s := range headings {
		s.EndLine = m.Lines
		for _, t := range headings[i+1:] {
			if t.Level <= s.Level {
				s.EndLine = t.Line - 1
				break
			}
		}
		m.Sections = append(m.Sections, *s)
	}
	m.Refs = append(m.Refs, m.manualReads(code)...)
	sortRefs(m.Refs)
}

// blockLine returns the first source line of a block node.
func (m *Manual) blockLine(n ast.Node, base int) int {
	if l := n.Lines(); l != nil && l.Len() > 0 {
		line, _ := m.idx.pos(m.Src, base+l.At(0).Start)
		return line
	}
	if n.HasChildren() {
		if t, ok := n.FirstChild().(*ast.Text); ok {
			line, _ := m.idx.pos(m.Src, base+t.Segment.Start)
			return line
		}
	}
	return 0
}

// blockSpan returns the lines a code block covers, fences included.
func (m *Manual) blockSpan(n ast.Node, base int) (int, int) {
	l := n.Lines()
	if l == nil || l.Len() == 0 {
		// An empty block: its opening fence is where the block starts.
		start := n.Pos()
		if f, ok := n.(*ast.FencedCodeBlock); ok && start < 0 && f.Info != nil {
			start = f.Info.Segment.Start
		}
		if start < 0 {
			return 0, 0
		}
		line, _ := m.idx.pos(m.Src, base+start)
		end := line
		if _, ok := n.(*ast.FencedCodeBlock); ok && line < m.Lines {
			end = line + 1
		}
		return line, end
	}
	first, _ := m.idx.pos(m.Src, base+l.At(0).Start)
	last, _ := m.idx.pos(m.Src, base+l.At(l.Len()-1).Start)
	if _, ok := n.(*ast.FencedCodeBlock); ok {
		first--
		if last < m.Lines {
			last++
		}
	}
	return first, last
}

// plainText returns the text content of an inline container.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.CodeSpan:
			for t := c.FirstChild(); t != nil; t = t.NextSibling() {
				if tx, ok := t.(*ast.Text); ok {
					b.Write(tx.Segment.Value(src))
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}

// addLink records a relative link or anchor. Links with a scheme, to the
// site root or protocol-relative are not checkable and are skipped. The
// reference spans the destination as written (for reference-style links,
// the label that uses the definition).
func (m *Manual) addLink(dest string, n ast.Node, ref bool, body []byte, image bool) {
	if dest == "" || isExternal(dest) {
		return
	}
	target, anchor, _ := strings.Cut(dest, "#")
	if q := strings.IndexByte(target, '?'); q >= 0 {
		target = target[:q]
	}
	if t, err := url.PathUnescape(target); err == nil {
		target = t
	}
	off, end := m.linkSpan(n, body, dest, ref)
	line, col := m.idx.pos(m.Src, m.BodyStart+off)
	m.Refs = append(m.Refs, Ref{Kind: RefLink, Target: target, Anchor: anchor, Line: line, Col: col,
		EndCol: col + utf8.RuneCount(body[off:end]), Image: image})
}

// linkSpan finds the byte range (in body) of the destination of inline
// link n as written, or of its label when it is a reference link or the
// destination is written differently (escapes, angle brackets).
func (m *Manual) linkSpan(n ast.Node, body []byte, dest string, ref bool) (int, int) {
	start := n.Pos()
	if start < 0 || start > len(body) {
		start = firstTextStart(n)
	}
	lineEnd := len(body)
	if i := bytes.IndexByte(body[start:], '\n'); i >= 0 {
		lineEnd = start + i
	}
	if !ref {
		if j := bytes.Index(body[start:], []byte("](")); j >= 0 {
			from := start + j + 2
			if i := bytes.Index(body[from:], []byte(dest)); i >= 0 {
				return from + i, from + i + len(dest)
			}
		}
	}
	end := lineEnd
	if j := bytes.IndexByte(body[start:lineEnd], ']'); j >= 0 {
		end = start + j + 1
	}
	return start, end
}

// firstTextStart returns the offset of the first text inside inline node n,
// or of its block, when goldmark recorded no position for n.
func firstTextStart(n ast.Node) int {
	start := -1
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			start = t.Segment.Start
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	if start >= 0 {
		return start
	}
	for p := n.Parent(); p != nil; p = p.Parent() {
		if l := p.Lines(); l != nil && l.Len() > 0 {
			return l.At(0).Start
		}
	}
	return 0
}

func isExternal(dest string) bool {
	if strings.HasPrefix(dest, "/") || strings.HasPrefix(dest, "\\") {
		return true
	}
	colon := strings.IndexByte(dest, ':')
	if colon <= 0 {
		return false
	}
	slash := strings.IndexAny(dest, "/#?")
	return slash < 0 || colon < slash
}

// String describes a reference for messages.
func (r Ref) String() string {
	switch r.Kind {
	case RefManual:
		return fmt.Sprintf("manual_read('%s')", r.Target)
	}
	if r.Anchor != "" {
		return r.Target + "#" + r.Anchor
	}
	return r.Target
}
