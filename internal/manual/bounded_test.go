package manual

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
)

// table returns a GFM table of cols columns and rows rows of one-letter
// cells, after two lines of prose.
func table(cols, rows int) []byte {
	var b strings.Builder
	b.WriteString("# T\n\nText.\n\n")
	b.WriteString(strings.Repeat("|h", cols) + "|\n")
	b.WriteString(strings.Repeat("|-", cols) + "|\n")
	for range rows {
		b.WriteString(strings.Repeat("|x", cols) + "|\n")
	}
	return []byte(b.String())
}

func elements(doc ast.Node) int {
	n := 0
	_ = ast.Walk(doc, func(_ ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			n++
		}
		return ast.WalkContinue, nil
	})
	return n
}

// TestParseBoundedElements checks the element bound against goldmark's
// own count: a body of at most MaxElements elements is parsed whole, one
// over it is not, and the line named is the table row where the count
// passes the bound.
func TestParseBoundedElements(t *testing.T) {
	const cols = 100
	perRow := elements(ParseMarkdown(table(cols, 2))) - elements(ParseMarkdown(table(cols, 1)))
	base := elements(ParseMarkdown(table(cols, 0)))
	rows := (MaxElements - base) / perRow
	if n := elements(ParseMarkdown(table(cols, rows))); n > MaxElements || n+perRow <= MaxElements {
		t.Fatalf("%d rows: %d elements, want at most %d and within a row of it", rows, n, MaxElements)
	}
	if doc, _, why := ParseBounded(table(cols, rows)); doc == nil || why != "" {
		t.Errorf("%d rows (under the bound): not parsed (%s)", rows, why)
	}
	doc, line, why := ParseBounded(table(cols, rows+1))
	if doc != nil || !strings.Contains(why, "more than 100000 Markdown elements") {
		t.Fatalf("%d rows (over the bound): doc %v, why %q", rows+1, doc != nil, why)
	}
	// Lines 1-4 are prose, 5-6 the table's head, row r is line 6+r.
	if want := 6 + rows + 1; line != want {
		t.Errorf("line %d, want %d (the last row)", line, want)
	}
}

// TestParseKeepsNoTooLargeTree checks that Parse lets go of a body over
// the bound: the manual is marked unparsed with the finding at its line,
// and its tree is the empty document.
func TestParseKeepsNoTooLargeTree(t *testing.T) {
	src := append([]byte("---\ntriggers: t\nsummary: T.\n---\n"), table(100, 1200)...)
	m := Parse("manuals/t.md", src)
	if !m.Unparsed || elements(m.Doc) != 1 {
		t.Fatalf("unparsed %v, %d elements kept", m.Unparsed, elements(m.Doc))
	}
	var found bool
	for _, p := range m.Problems {
		if p.Rule == RuleFileTooComplex && strings.Contains(p.Message, "Markdown elements") {
			found = true
			if p.Line < 10 || p.Line > 4+6+1200 {
				t.Errorf("finding at line %d, outside the table", p.Line)
			}
		}
	}
	if !found {
		t.Errorf("no file/too-complex finding: %v", m.Problems)
	}
}
