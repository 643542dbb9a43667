package manual

import (
	"bytes"
	"fmt"

	"github.com/yuin/goldmark/ast"
)

// MaxElements bounds the Markdown elements (the nodes of goldmark's tree:
// blocks, table cells, runs of text, emphasis, links) of one body. The
// largest manual of the real corpus has about 11,000; a 2 MiB table of
// one-letter cells has 2 million, which goldmark holds in 380 MB, so eight
// such files took 7 GB and a minute to lint.
const MaxElements = 100_000

// ParseBounded parses body as ParseMarkdown does unless it is too complex
// to parse in time (tooComplex) or to hold in memory (more than
// MaxElements elements). Then doc is nil, and line (1-based, in body) and
// why say where and what.
func ParseBounded(body []byte) (doc ast.Node, line int, why string) {
	if line, why := tooComplex(body); why != "" {
		return nil, line, why
	}
	doc = ParseMarkdown(body)
	if n := elementBeyond(doc, MaxElements); n != nil {
		return nil, lineOf(n, body), fmt.Sprintf("more than %d Markdown elements (blocks, table cells, runs of text, emphasis, links)", MaxElements)
	}
	return doc, 0, ""
}

// elementBeyond returns the element of doc after the first max, in
// document order, or nil when doc has no more than max.
func elementBeyond(doc ast.Node, max int) ast.Node {
	var beyond ast.Node
	count := 0
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if count++; count > max {
			beyond = n
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	return beyond
}

// lineOf returns the 1-based line of body where n, or the nearest element
// holding it that knows its place, starts; 1 when none does.
func lineOf(n ast.Node, body []byte) int {
	for ; n != nil; n = n.Parent() {
		start := -1
		if t, ok := n.(*ast.Text); ok {
			start = t.Segment.Start
		} else if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
			start = n.Lines().At(0).Start
		}
		if start >= 0 && start <= len(body) {
			return bytes.Count(body[:start], []byte("\n")) + 1
		}
	}
	return 1
}
