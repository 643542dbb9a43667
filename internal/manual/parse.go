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
	"github.com/yuin/goldmark/util"

	"github.com/lorekit/lore/internal/diag"
)

// markdown is the goldmark configuration every manual is parsed with: GFM,
// footnotes, heading ids from Slug, ReadCall nodes for the manual_read
// calls and at most maxDelimiters emphasis runs a block
// (delimiterBound). The site renders the same AST, so a manual is parsed
// once.
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.GFM, extension.Footnote),
	goldmark.WithParserOptions(parser.WithAutoHeadingID(), parser.WithASTTransformers(readCallsTransformer),
		parser.WithInlineParsers(util.Prioritized(delimiterBound{}, 499))),
)

// Parse parses src, the content of the file at path p, into a Manual. It
// never fails: defects become Problems. A lone CR (old Mac line endings)
// ends a line like LF does: Src holds src with each lone CR read as LF, so
// the header, the Markdown parser and every rule see the same lines.
func Parse(p string, src []byte) *Manual {
	src = NormalizeCR(src)
	m := &Manual{Path: p, Src: src, Dialect: DialectOf(p), Name: NameOf(p)}
	m.idx = diag.NewLines(src)
	m.Lines = m.idx.Count(src)

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
	doc, line, why := ParseBounded(body)
	if why != "" {
		// goldmark needs time quadratic in some structures (a line of a
		// million '>' takes hours), and memory a hundred times a
		// file's size in others: such a body is not kept.
		m.Problems = append(m.Problems, Problem{Rule: RuleFileTooComplex, Line: m.idx.Line(m.BodyStart) + line - 1, Col: 1,
			Message: why + ": the body is not parsed; simplify it"})
		doc := ast.NewDocument()
		// Its calls are still references: with no tree to hold them,
		// each is marked at the end of the empty document.
		readCalls{}.Transform(doc, text.NewReader(body), nil)
		m.Doc = doc
		m.Unparsed = true
		m.walk(body)
		return m
	}
	m.Doc = doc
	m.walk(body)
	return m
}

// ParseMarkdown parses a Markdown body with the manuals' configuration
// (Markdown) and their GitHub-style heading anchors: how manuals and the
// site's other Markdown pages are parsed.
func ParseMarkdown(src []byte) ast.Node {
	pc := parser.NewContext(parser.WithIDs(newHeadingIDs()))
	return markdown.Parser().Parse(text.NewReader(src), parser.WithContext(pc))
}

// MaxNesting is the deepest nesting of block quotes and lists on one line
// that lore parses.
const MaxNesting = 100

// maxRefDefs bounds the link reference definitions of one paragraph:
// goldmark copies the rest of the paragraph for each of them.
const maxRefDefs = 5000

// maxFootnotes bounds the footnotes of one manual: goldmark sorts them by
// insertion.
const maxFootnotes = 1000

// maxScan bounds the work goldmark spends on unclosed link destinations in
// one run of text (it rescans the rest of the run for each of them), and
// on footnote references (each is looked up among the footnotes).
const maxScan = 1 << 26

// tooComplex finds structures that would make the Markdown parser take
// time quadratic in the size of the file: block quotes and list items
// nested on one line deeper than MaxNesting, runs of text with so many
// link destinations that rescanning them exceeds maxScan, and paragraphs
// of more than maxRefDefs link reference definitions; and tables that
// would hold more than MaxElements cells (tableCells). It returns the
// line (1-based, in body) and a description, or "" for a normal file.
func tooComplex(body []byte) (int, string) {
	line, _, why := tooComplexSteps(body)
	return line, why
}

// tooComplexSteps is tooComplex that also returns the steps its nesting
// count took, for tests that check the scan is linear.
func tooComplexSteps(body []byte) (int, int, string) {
	line := 1
	defs := 0 // consecutive lines that look like link reference definitions
	// Footnote definitions and references: goldmark looks each reference
	// up in the list of definitions, and sorts the list by insertion.
	notes, noteRefs, firstNote := 0, 0, 0
	var nest nesting
	var cells tableCells
	for len(body) > 0 {
		l := body
		if i := bytes.IndexByte(body, '\n'); i >= 0 {
			l, body = body[:i], body[i+1:]
		} else {
			body = nil
		}
		noteRefs += bytes.Count(l, []byte("[^"))
		if t := bytes.TrimLeft(l, " \t"); bytes.HasPrefix(t, []byte("[^")) && bytes.Contains(t, []byte("]:")) {
			if notes++; notes == 1 {
				firstNote = line
			} else if notes > maxFootnotes {
				return line, nest.steps, fmt.Sprintf("more than %d footnotes", maxFootnotes)
			}
		}
		if t := bytes.TrimLeft(l, " \t"); len(t) > 0 && t[0] == '[' && bytes.Contains(t, []byte("]:")) {
			if defs++; defs > maxRefDefs {
				return line, nest.steps, fmt.Sprintf("more than %d link reference definitions in one paragraph", maxRefDefs)
			}
		} else if len(bytes.TrimSpace(l)) == 0 {
			defs = 0
		}
		if cells.line(l); cells.cells > MaxElements {
			return line, nest.steps, fmt.Sprintf("more than %d Markdown elements in table cells (goldmark fills every row of a table to the width of its head)", MaxElements)
		}
		if d := containerDepth(l); d > MaxNesting {
			return line, nest.steps, fmt.Sprintf("block quotes or list items nested %d levels deep on one line (more than %d)", d, MaxNesting)
		}
		if d := nest.line(l); d > MaxNesting {
			return line, nest.steps, fmt.Sprintf("block quotes or list items nested %d levels deep by indentation (more than %d)", d, MaxNesting)
		}
		if opens := bytes.Count(l, []byte("](")); opens > 1000 {
			for _, run := range bytes.Fields(l) {
				if k := bytes.Count(run, []byte("](")); k*len(run) > maxScan {
					return line, nest.steps, fmt.Sprintf("%d link destinations in one run of %d characters without a space", k, len(run))
				}
			}
			if k := bytes.Count(l, []byte("](<")); k*len(l) > maxScan {
				return line, nest.steps, fmt.Sprintf("%d link destinations in angle brackets on one line of %d characters", k, len(l))
			}
		}
		line++
	}
	if notes*noteRefs > maxScan {
		return firstNote, nest.steps, fmt.Sprintf("%d footnote references to %d footnotes", noteRefs, notes)
	}
	return 0, nest.steps, ""
}

// containerDepth counts the block quote markers and list item markers at
// the start of line l ("> > - 1. x" has 4).
func containerDepth(l []byte) int {
	d := 0
	for i := 0; i < len(l); {
		switch c := l[i]; {
		case c == ' ' || c == '\t':
			i++
		case c == '>':
			d++
			i++
		case (c == '-' || c == '*' || c == '+') && i+1 < len(l) && (l[i+1] == ' ' || l[i+1] == '\t'):
			d++
			i += 2
		case c >= '0' && c <= '9':
			j := i
			for j < len(l) && j-i < 9 && l[j] >= '0' && l[j] <= '9' {
				j++
			}
			if j+1 < len(l) && (l[j] == '.' || l[j] == ')') && (l[j+1] == ' ' || l[j+1] == '\t') {
				d++
				i = j + 2
				continue
			}
			return d
		default:
			return d
		}
	}
	return d
}

func (m *Manual) fromFields() {
	for _, f := range m.Header.Fields {
		switch f.Key {
		case KeyAudience:
			m.Audience = f.Value
		case KeyTriggers:
			m.setTriggers(splitList(f.Value))
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
	m.setTriggers(metaList(md, "triggers"))
	m.RequiresTools = metaList(md, "allowed-tools")
	if len(m.RequiresTools) == 0 {
		m.RequiresTools = metaList(md, "requires-tools")
	}
}

// setTriggers keeps the first KeptTriggers of ts and counts them all.
func (m *Manual) setTriggers(ts []string) {
	m.TriggerCount = len(ts)
	if len(ts) > KeptTriggers {
		ts = ts[:KeptTriggers:KeptTriggers]
	}
	m.Triggers = ts
}

// walk collects sections, fences and references from the AST.
func (m *Manual) walk(body []byte) {
	base := m.BodyStart
	cur := &cursor{idx: m.idx, src: m.Src}
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
			s := &Section{Level: n.Level, Title: title, ID: idStr, Line: line, Offset: m.LineOffset(line)}
			headings = append(headings, s)
			if n.Level == 1 && m.Title == "" {
				m.Title = title
			}
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock:
			lang := ""
			if n.Info != nil {
				if f := strings.Fields(string(n.Info.Segment.Value(body))); len(f) > 0 {
					lang = f[0] // an info string of white space only has none
				}
			}
			m.addFence(lang, n, false)
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock:
			m.addFence("", n, true)
			return ast.WalkSkipChildren, nil
		case *ast.Link:
			m.addLink(cur, n.Destination, n, n.Reference != nil, body, false)
		case *ast.Image:
			m.addLink(cur, n.Destination, n, n.Reference != nil, body, true)
		}
		return ast.WalkContinue, nil
	})
	// A section ends before the next heading of the same or a higher
	// level: close the open sections from a stack.
	var open []*Section
	for _, s := range headings {
		for len(open) > 0 && open[len(open)-1].Level >= s.Level {
			open[len(open)-1].EndLine = s.Line - 1
			open = open[:len(open)-1]
		}
		open = append(open, s)
	}
	for _, s := range open {
		s.EndLine = m.Lines
	}
	for _, s := range headings {
		s.EndOffset = m.LineOffset(s.EndLine + 1)
		m.Sections = append(m.Sections, *s)
	}
	if bytes.Contains(body, manualReadCall) { // else the parser marked none
		m.addCalls(ReadCalls(m.Doc))
	}
	sortRefs(m.Refs)
}

// addFence records code block n (indented: one without fences).
func (m *Manual) addFence(lang string, n ast.Node, indented bool) {
	start, end := codeLines(n, m.idx, m.BodyStart, m.Lines)
	m.Fences = append(m.Fences, Fence{Lang: lang, Line: start, EndLine: end, Offset: m.LineOffset(start), EndOffset: m.LineOffset(end + 1),
		Indented: indented})
}

// addCalls records the manual_read calls the parser marked, in the order
// of their offsets (positions are computed moving forward only).
func (m *Manual) addCalls(calls []*ReadCall) {
	cur := &cursor{idx: m.idx, src: m.Src}
	for _, c := range calls {
		m.Refs = append(m.Refs, callRef(cur, c.Name, m.BodyStart+c.Segment.Start, m.BodyStart+c.Segment.Stop))
	}
}

// blockLine returns the first source line of a block node.
func (m *Manual) blockLine(n ast.Node, base int) int {
	if l := n.Lines(); l != nil && l.Len() > 0 {
		return m.idx.Line(base + l.At(0).Start)
	}
	if p := n.Pos(); p >= 0 {
		return m.idx.Line(base + p)
	}
	if n.HasChildren() {
		if t, ok := n.FirstChild().(*ast.Text); ok {
			return m.idx.Line(base + t.Segment.Start)
		}
	}
	return 0
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
// the label that uses the definition); its target is the destination
// decoded (Destination).
func (m *Manual) addLink(cur *cursor, raw []byte, n ast.Node, ref bool, body []byte, image bool) {
	dest := Destination(raw)
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
	off, end := m.linkSpan(n, body, string(raw), ref)
	line, col := cur.pos(m.BodyStart + off)
	m.Refs = append(m.Refs, Ref{Kind: RefLink, Target: target, Anchor: anchor, Line: line, Col: col,
		EndCol: col + utf8.RuneCount(body[off:end]), Offset: m.BodyStart + off, EndOffset: m.BodyStart + end, Image: image})
}

// linkSpan finds the byte range (in body) of the destination of inline
// link n as written, or of its label when it is a reference link or the
// destination is written differently (escapes, angle brackets).
func (m *Manual) linkSpan(n ast.Node, body []byte, dest string, ref bool) (int, int) {
	start := n.Pos()
	if start < 0 || start > len(body) {
		start = firstTextStart(n)
	}
	if !ref {
		if j := bytes.Index(body[start:], []byte("](")); j >= 0 {
			from := start + j + 2
			if i := bytes.Index(body[from:], []byte(dest)); i >= 0 {
				return from + i, from + i + len(dest)
			}
		}
	}
	// The label: up to its closing bracket, on the same line.
	end := len(body)
	if j := bytes.IndexByte(body[start:], ']'); j >= 0 {
		end = start + j + 1
	}
	if j := bytes.IndexByte(body[start:end], '\n'); j >= 0 {
		end = start + j
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
