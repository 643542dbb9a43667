package manual

import (
	"fmt"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
)

// TestReadCallNodes: the parser marks each call once, where the site and
// the model expect it.
func TestReadCallNodes(t *testing.T) {
	src := strings.Join([]string{
		"# `manual_read('heading')`",
		"",
		"Load `manual_read('alone')`, not `manual_read('two') or manual_read('three')`; prose manual_read('prose').",
		"",
		"```",
		"manual_read('in-code')",
		"```",
		"",
		"<div>manual_read('html-block')</div>",
		"",
		"Inline <span title=\"manual_read('raw')\">x</span> and [link](manual_read('dest')).",
		"",
		"[def]: manual_read('definition')",
		"",
		"| `manual_read('cell')` | [`manual_read('in-link')`](x.md) |",
		"|---|---|",
	}, "\n") + "\n"
	m := Parse("m.md", []byte(src))
	var got []string
	for _, c := range ReadCalls(m.Doc) {
		if at := string(c.Segment.Value(m.Body())); !strings.HasPrefix(at, "manual_read(") || !strings.Contains(at, c.Name) {
			t.Errorf("%s: segment %q", c.Name, at)
		}
		where := c.Parent().Kind().String()
		switch {
		case c.Span() != nil:
			where = "span"
		case c.HasChildren():
			where = "children?"
		case c.Parent().Kind() == ast.KindDocument:
		case c.NextSibling() != nil:
			where += " before " + c.NextSibling().Kind().String()
		}
		got = append(got, c.Name+": "+where)
	}
	want := []string{
		"heading: span",
		"alone: span",
		"two: Paragraph before ReadCall", // three, then the code span
		"three: Paragraph before CodeSpan",
		"prose: Paragraph before Text",
		"html-block: HTMLBlock",
		"raw: Paragraph before RawHTML",
		"dest: Document", // no inline node holds a link destination
		"definition: Document",
		"cell: span",
		"in-link: span",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("nodes\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The model's references are the marked calls.
	var names []string
	for _, r := range m.Refs {
		if r.Kind == RefManual {
			names = append(names, r.Target)
		}
	}
	if fmt.Sprint(names) != "[heading alone two three prose html-block raw dest definition cell in-link]" {
		t.Errorf("refs %v", names)
	}
}

// TestReadCallNoCall: a body without a call is left as goldmark parsed
// it.
func TestReadCallNoCall(t *testing.T) {
	doc := ParseMarkdown([]byte("# T\n\n`code` and manual_read without a call, my_manual_read('x').\n"))
	if n := len(ReadCalls(doc)); n != 0 {
		t.Fatalf("%d calls", n)
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if n.Kind() == KindReadCall {
			t.Fatal("a ReadCall node")
		}
		return ast.WalkContinue, nil
	})
}
