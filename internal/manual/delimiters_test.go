package manual

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// spans counts the emphasis and strikethrough nodes of doc.
func spans(doc ast.Node) (emph, strike int) {
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			switch n.Kind() {
			case ast.KindEmphasis:
				emph++
			case east.KindStrikethrough:
				strike++
			}
		}
		return ast.WalkContinue, nil
	})
	return emph, strike
}

// TestDelimiterBound checks that emphasis and strikethrough are matched
// as goldmark matches them up to maxDelimiters runs a block, that the
// runs after it are text, and that every block starts counting anew.
func TestDelimiterBound(t *testing.T) {
	if e, s := spans(ParseMarkdown([]byte("*a* _b_ **c** ~~d~~\n\n# *e*\n\n|x|\n|-|\n|*f*|\n"))); e != 5 || s != 1 {
		t.Errorf("ordinary text: %d emphasis and %d strikethrough, want 5 and 1", e, s)
	}
	pairs := maxDelimiters/2 + 100
	para := strings.Repeat("*a* ", pairs)
	src := para + "\n\n" + para + "\n"
	doc := ParseMarkdown([]byte(src))
	if e, _ := spans(doc); e != 2*maxDelimiters/2 {
		t.Errorf("two paragraphs of %d pairs: %d emphasis, want %d in each", pairs, e, maxDelimiters/2)
	}
	// The runs past the bound are kept as text.
	var b strings.Builder
	_ = ast.Walk(doc.FirstChild(), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := n.(*ast.Text); ok && entering {
			b.Write(t.Segment.Value([]byte(src)))
		}
		return ast.WalkContinue, nil
	})
	if want := strings.Repeat("a", maxDelimiters/2) + strings.Repeat("*a*", pairs-maxDelimiters/2); strings.ReplaceAll(b.String(), " ", "") != want {
		t.Errorf("the first paragraph's text is %.80q…, want its runs past the bound as text", b.String())
	}
}
