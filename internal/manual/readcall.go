package manual

import (
	"bytes"
	"cmp"
	"slices"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/lorekit/lore/internal/diag"
)

// KindReadCall is the node kind of a ReadCall.
var KindReadCall = ast.NewNodeKind("ReadCall")

// ReadCall is a manual_read('name') call of a Markdown body: the
// reference lore's model, lint, site and language server read. The parser
// marks every call written outside code blocks once (readCalls).
//
// A call that is the only one written in a code span holds that code
// span as its child: the site renders it as a link to the manual. Every
// other call (in prose, beside another call in a code span, in raw HTML,
// in a link destination or reference definition) is an empty node placed
// before the node its first byte is written in, or at the end of the
// document when no node holds it, so the body renders as written.
type ReadCall struct {
	ast.BaseInline
	// Name is the manual the call reads.
	Name string
	// Segment is the call as written, "manual_read(" to ")", in the
	// parsed source.
	Segment text.Segment
}

// Kind implements ast.Node.
func (n *ReadCall) Kind() ast.NodeKind { return KindReadCall }

// Dump implements ast.Node.
func (n *ReadCall) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Name": n.Name}, nil)
}

// Span returns the code span the call is written as, or nil.
func (n *ReadCall) Span() *ast.CodeSpan {
	s, _ := n.FirstChild().(*ast.CodeSpan)
	return s
}

// ReadCalls returns the ReadCall nodes of doc in the order of their
// segments.
func ReadCalls(doc ast.Node) []*ReadCall {
	var out []*ReadCall
	if doc == nil {
		return nil
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if c, ok := n.(*ReadCall); ok && entering {
			out = append(out, c)
		}
		return ast.WalkContinue, nil
	})
	slices.SortStableFunc(out, func(a, b *ReadCall) int { return cmp.Compare(a.Segment.Start, b.Segment.Start) })
	return out
}

// readCalls is the AST transformer that marks the manual_read calls of a
// body with ReadCall nodes. It runs after goldmark's own transformers.
type readCalls struct{}

// readCallsPriority orders readCalls after the footnote transformer (999).
const readCallsPriority = 1000

var readCallsTransformer = util.Prioritized(readCalls{}, readCallsPriority)

// holder is an inline node or HTML block whose text lies at
// src[start:stop]; span is set for a code span.
type holder struct {
	n           ast.Node
	start, stop int
	span        bool
}

func (readCalls) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	if !bytes.Contains(src, manualReadCall) {
		return
	}
	skip, holders := scanTree(doc, src)
	calls := findCalls(src, skip)
	if len(calls) == 0 {
		return
	}
	slices.SortFunc(holders, func(a, b holder) int { return cmp.Compare(a.start, b.start) })
	// The calls inside each code span: one alone is the span's node.
	inSpan := map[ast.Node]int{}
	where := make([]int, len(calls)) // index of the holder of each call, or -1
	for i, c := range calls {
		where[i] = holderOf(holders, c)
		if h := where[i]; h >= 0 && holders[h].span {
			inSpan[holders[h].n]++
		}
	}
	for i, c := range calls {
		rc := &ReadCall{Name: c.name, Segment: text.NewSegment(c.start, c.end)}
		h := where[i]
		switch {
		case h < 0:
			doc.AppendChild(doc, rc)
		case holders[h].span && inSpan[holders[h].n] == 1:
			span := holders[h].n
			span.Parent().ReplaceChild(span.Parent(), span, rc)
			rc.AppendChild(rc, span)
		case holders[h].n.Type() == ast.TypeBlock:
			holders[h].n.AppendChild(holders[h].n, rc) // an HTML block
		default:
			holders[h].n.Parent().InsertBefore(holders[h].n.Parent(), holders[h].n, rc)
		}
	}
}

// holderOf returns the index of the holder whose text contains call c's
// first byte, or -1. A call in a code span must lie wholly inside it.
func holderOf(hs []holder, c call) int {
	i, _ := slices.BinarySearchFunc(hs, c.start+1, func(h holder, off int) int { return cmp.Compare(h.start, off) })
	i-- // the last holder starting at or before the call
	if i < 0 || c.start >= hs[i].stop || hs[i].span && c.end > hs[i].stop {
		return -1
	}
	return i
}

// scanTree returns the byte ranges of src's code blocks (whole lines,
// fences included) and the nodes that hold text outside them.
func scanTree(doc ast.Node, src []byte) (skip [][2]int, holders []holder) {
	var ls diag.Lines
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			if ls == nil {
				ls = diag.NewLines(src)
			}
			first, last := codeLines(n, ls, 0, ls.Count(src))
			skip = append(skip, [2]int{ls.Start(src, first), ls.Start(src, last+1)})
			return ast.WalkSkipChildren, nil
		case *ast.CodeSpan:
			if first, ok := n.FirstChild().(*ast.Text); ok {
				last, _ := n.LastChild().(*ast.Text)
				if last == nil {
					last = first
				}
				holders = append(holders, holder{n: n, start: first.Segment.Start, stop: last.Segment.Stop, span: true})
			}
			return ast.WalkSkipChildren, nil
		case *ast.Text:
			holders = append(holders, holder{n: n, start: n.Segment.Start, stop: n.Segment.Stop})
		case *ast.RawHTML:
			if l := n.Segments.Len(); l > 0 {
				holders = append(holders, holder{n: n, start: n.Segments.At(0).Start, stop: n.Segments.At(l - 1).Stop})
			}
		case *ast.HTMLBlock:
			if h, ok := htmlBlockHolder(n); ok {
				holders = append(holders, h)
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return skip, holders
}

// htmlBlockHolder returns the text of HTML block n: its lines and its
// closing line.
func htmlBlockHolder(n *ast.HTMLBlock) (holder, bool) {
	l := n.Lines()
	if l.Len() == 0 {
		return holder{}, false
	}
	h := holder{n: n, start: l.At(0).Start, stop: l.At(l.Len() - 1).Stop}
	if n.HasClosure() {
		h.stop = max(h.stop, n.ClosureLine.Stop)
	}
	return h, true
}

// codeLines returns the first and last line a code block covers, fences
// included, in the text ls indexes (count lines), whose offset base is
// where the parsed source starts.
func codeLines(n ast.Node, ls diag.Lines, base, count int) (int, int) {
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
		line := ls.Line(base + start)
		end := line
		if _, ok := n.(*ast.FencedCodeBlock); ok && line < count {
			end = line + 1
		}
		return line, end
	}
	first := ls.Line(base + l.At(0).Start)
	last := ls.Line(base + l.At(l.Len()-1).Start)
	if _, ok := n.(*ast.FencedCodeBlock); ok {
		first--
		if last < count {
			last++
		}
	}
	return first, last
}
