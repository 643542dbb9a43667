package manual

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// maxDelimiters bounds the emphasis and strikethrough delimiter runs
// ('*', '_', '~') of one paragraph, heading or table cell that goldmark
// matches; the runs after it are plain text. goldmark looks for each
// closing run's opener through every run before it, so a paragraph of
// "*a_" repeated took time that grows with the square of its runs (120 KB
// took 21 s, 1 MB hours). The manuals of the real corpus have at most 19
// runs in a paragraph.
const maxDelimiters = 500

// delimiterBound is an inline parser tried before goldmark's emphasis
// and strikethrough parsers: it counts the delimiter runs of the block
// being parsed and, past maxDelimiters, takes a run as text, so that
// the others never see it.
type delimiterBound struct{}

var delimitersKey = parser.NewContextKey()

// Trigger returns the delimiter characters.
func (delimiterBound) Trigger() []byte { return []byte{'*', '_', '~'} }

// Parse returns nil (the run is goldmark's) for the first maxDelimiters
// runs of a block, and the run as a text node after them.
func (delimiterBound) Parse(_ ast.Node, block text.Reader, pc parser.Context) ast.Node {
	n, _ := pc.Get(delimitersKey).(*int)
	if n == nil {
		n = new(int)
		pc.Set(delimitersKey, n)
	}
	if *n < maxDelimiters {
		*n++
		return nil
	}
	line, seg := block.PeekLine()
	w := 1
	for w < len(line) && line[w] == line[0] {
		w++
	}
	block.Advance(w)
	return ast.NewTextSegment(seg.WithStop(seg.Start + w))
}

// CloseBlock starts the count again for the next block.
func (delimiterBound) CloseBlock(_ ast.Node, _ text.Reader, pc parser.Context) {
	if n, _ := pc.Get(delimitersKey).(*int); n != nil {
		*n = 0
	}
}
