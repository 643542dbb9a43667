package manual

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/spf13/afero"
	"github.com/yuin/goldmark/ast"
)

// checkRestore: the manual restored from m's model and bytes equals m but
// for its parsed Markdown, and AST gives what Parse parsed.
func checkRestore(t *testing.T, m *Manual, raw []byte) {
	t.Helper()
	got, err := Restore(m.Path, m.Root, raw, m.AppendModel(nil))
	if err != nil {
		t.Fatalf("%s: %v", m.Path, err)
	}
	if got.Doc != nil {
		t.Fatalf("%s: a restored manual has a parsed Markdown", m.Path)
	}
	want := *m
	want.Doc, want.Owner = nil, nil
	if !reflect.DeepEqual(got, &want) {
		t.Fatalf("%s: restored\n%+v\nparsed\n%+v", m.Path, got, &want)
	}
	if a, b := renderAST(t, got.Body(), got.AST()), renderAST(t, m.Body(), m.Doc); a != b {
		t.Fatalf("%s: AST of the restored manual renders\n%s\nthe parsed one\n%s", m.Path, a, b)
	}
}

// renderAST writes the tree of doc down: each node's kind, attributes,
// lines and text.
func renderAST(t *testing.T, src []byte, doc ast.Node) string {
	t.Helper()
	var b strings.Builder
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			b.WriteString(")")
			return ast.WalkContinue, nil
		}
		fmt.Fprintf(&b, "(%s", n.Kind())
		for _, a := range n.Attributes() {
			fmt.Fprintf(&b, " %s=%v", a.Name, a.Value)
		}
		if n.Type() == ast.TypeBlock {
			for i := 0; i < n.Lines().Len(); i++ {
				seg := n.Lines().At(i)
				fmt.Fprintf(&b, " %q", seg.Value(src))
			}
		}
		if x, ok := n.(*ast.Text); ok {
			fmt.Fprintf(&b, " %q", x.Segment.Value(src))
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// TestRestoreCorpus: every manual of a generated project, and files of
// every kind of defect, restore to what they parsed to.
func TestRestoreCorpus(t *testing.T) {
	fs := afero.NewMemMapFs()
	files := map[string]string{
		"m/skills/deploy/SKILL.md":        "---\nname: deploy\ndescription: >-\n  Deploys\n  things\nallowed-tools: [a, b]\nmetadata:\n  x: 1\n---\n# Deploy\n\nSee [ref](references/r.md).\n",
		"m/skills/deploy/references/r.md": "# R\n\nmanual_read('deploy')\n",
		"m/broken.instructions.md":        "---\nname: [\n---\nbody\n",
		"m/legacy.md":                     "no header\r\nat all\r\n",
		"m/cr.md":                         "---\rtriggers: a, b\r---\r# T\r\rtext\r",
		"m/open.md":                       "---\ntriggers: a\nsummary: never closes\n# T\n",
		"m/yamlish.md":                    "---\ntriggers: [a, \"b\"]\nsummary: 'x'\n---\n# Y\n",
		"m/deep.md":                       "# Deep\n\n" + strings.Repeat("> ", 150) + "x manual_read('legacy')\n",
		"m/bad-utf8.md":                   "# Bad \xff\n\ntext\n",
		"m/bad name!.md":                  "# Name\n",
		"m/refs.md":                       "# Refs\n\n## A\n\n[x](legacy.md#a) ![i](i.png) [s](#a)\n\n```go\nx := 1\n```\n\n    indented\n\n`manual_read('cr')`\n",
		"m/empty.md":                      "",
	}
	for p, s := range files {
		if err := afero.WriteFile(fs, p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := Load(fs, []string{"m"})
	if len(s.Manuals) != len(files) {
		t.Fatalf("%d manuals of %d files: %v", len(s.Manuals), len(files), s.Problems)
	}
	unparsed := 0
	for _, m := range s.Manuals {
		raw, _ := afero.ReadFile(fs, m.Path)
		checkRestore(t, m, raw)
		if m.Unparsed {
			unparsed++
		}
	}
	if unparsed != 1 {
		t.Errorf("%d unparsed manuals, want the deep one", unparsed)
	}
}

// TestRestoreRefuses: a model of another version, a cut or a grown model
// is refused, never restored wrong.
func TestRestoreRefuses(t *testing.T) {
	src := []byte("---\ntriggers: a, b\n---\n# T\n\n## S\n\nmanual_read('x') [l](y.md)\n")
	m := Parse("m/t.md", src)
	model := m.AppendModel(nil)
	for name, b := range map[string][]byte{
		"version": append([]byte{99}, model[1:]...),
		"cut":     model[:len(model)-3],
		"grown":   append(append([]byte(nil), model...), 0),
		"empty":   nil,
	} {
		if got, err := Restore(m.Path, m.Root, src, b); err == nil {
			t.Errorf("%s: restored %+v", name, got)
		}
	}
}
