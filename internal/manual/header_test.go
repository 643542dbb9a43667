package manual

import (
	"strings"
	"testing"
)

type wantProblem struct {
	rule                       string
	line, col, endLine, endCol int
	msg                        string // a part of the message
}

func TestLoreHeader(t *testing.T) {
	for _, c := range []struct {
		name       string
		src        string
		present    bool
		start, end int
		fields     []Field
		body       string // the text after the header
		problems   []wantProblem
	}{
		{name: "empty file", src: ""},
		{name: "no header", src: "# Title\n\ntext\n", body: "# Title\n\ntext\n"},
		{name: "plain header", src: "---\naudience: eddie\ntriggers: chart, Diagramm\nsummary: Charts.\nrequires-tools: doc_create\n---\n# T\n",
			present: true, start: 1, end: 6, body: "# T\n",
			fields: []Field{{"audience", "eddie", 2, 11}, {"triggers", "chart, Diagramm", 3, 11}, {"summary", "Charts.", 4, 10}, {"requires-tools", "doc_create", 5, 17}}},
		{name: "CRLF", src: "---\r\ntriggers: a, b\r\nsummary: S\r\n---\r\n# T\r\n", present: true, start: 1, end: 4, body: "# T\r\n",
			fields: []Field{{"triggers", "a, b", 2, 11}, {"summary", "S", 3, 10}}},
		{name: "BOM", src: "\ufeff---\ntriggers: x\n---\n# T\n", present: true, start: 1, end: 3, body: "# T\n",
			fields: []Field{{"triggers", "x", 2, 11}}},
		{name: "fences with trailing blanks", src: "--- \ntriggers: a\n---\t\nbody\n", present: true, start: 1, end: 3, body: "body\n",
			fields: []Field{{"triggers", "a", 2, 11}}},
		{name: "no final newline", src: "---\ntriggers: a\n---", present: true, start: 1, end: 3, fields: []Field{{"triggers", "a", 2, 11}}},
		{name: "empty header", src: "---\n---\n# T\n", present: true, start: 1, end: 2, body: "# T\n"},
		{name: "four hyphens are no fence", src: "----\ntriggers: a\n----\n", body: "----\ntriggers: a\n----\n"},
		{name: "value keeps colons, quotes and spaces inside", src: "---\nsummary:   Use \"x\": then  y  \ntriggers:a\n---\n",
			present: true, start: 1, end: 4, fields: []Field{{"summary", "Use \"x\": then  y", 2, 12}, {"triggers", "a", 3, 10}}},
		{name: "non-ASCII value column counts code points", src: "---\nsummary: Größe ändern\naudience: ü\n---\n",
			present: true, start: 1, end: 4, fields: []Field{{"summary", "Größe ändern", 2, 10}, {"audience", "ü", 3, 11}}},
		{name: "only the opening fence", src: "---", present: true, start: 1, body: "---", problems: []wantProblem{{"header/unterminated", 1, 1, 0, 0, "never closes"}}},
		{name: "only the opening fence and newline", src: "---\n", present: true, start: 1, body: "---\n", problems: []wantProblem{{"header/unterminated", 1, 1, 0, 0, "never closes"}}},
		{name: "never closes", src: "---\ntriggers: a\n# T\n\ntext\n", present: true, start: 1, body: "---\ntriggers: a\n# T\n\ntext\n",
			problems: []wantProblem{{"header/unterminated", 1, 1, 0, 0, "add a line `---`"}}},
		{name: "flow list", src: "---\ntriggers: [chart, \"Diagramm\", 'plot']\n---\n", present: true, start: 1, end: 3,
			problems: []wantProblem{{"header/not-yaml", 2, 11, 2, 38, "a YAML list is not needed, the value is comma-separated; write `triggers: chart, Diagramm, plot`"}}},
		{name: "double quotes", src: "---\nsummary: \"Charts.\"\n---\n", present: true, start: 1, end: 3,
			problems: []wantProblem{{"header/not-yaml", 2, 10, 2, 19, "quotes would be kept as part of the value; write `summary: Charts.`"}}},
		{name: "single quotes", src: "---\naudience: 'eddie'\n---\n", present: true, start: 1, end: 3,
			problems: []wantProblem{{"header/not-yaml", 2, 11, 2, 18, "write `audience: eddie`"}}},
		{name: "flow map", src: "---\nsummary: {a: 1}\n---\n", present: true, start: 1, end: 3,
			problems: []wantProblem{{"header/not-yaml", 2, 10, 2, 16, "nested maps are not allowed"}}},
		{name: "block scalar", src: "---\nsummary: >-\n---\n", present: true, start: 1, end: 3,
			problems: []wantProblem{{"header/not-yaml", 2, 10, 2, 12, "multi-line values are not allowed"}}},
		{name: "block list", src: "---\ntriggers:\n  - a\n  - \"b\"\nsummary: s\n---\n", present: true, start: 1, end: 6,
			fields:   []Field{{"summary", "s", 5, 10}},
			problems: []wantProblem{{"header/not-yaml", 2, 1, 4, 8, "a value spread over lines 3–4 is not allowed; write it on one line: `triggers: a, b`"}}},
		{name: "folded summary", src: "---\nsummary:\n  Show charts\n  inline.\n---\n", present: true, start: 1, end: 5,
			problems: []wantProblem{{"header/not-yaml", 2, 1, 4, 10, "`summary: Show charts inline.`"}}},
		{name: "list item", src: "---\n- chart\n---\n", present: true, start: 1, end: 3,
			problems: []wantProblem{{"header/not-yaml", 2, 1, 2, 8, "list items are not allowed; write the list on one line, comma-separated, e.g. `triggers: chart, …`"}}},
		{name: "indented key", src: "---\n  triggers: a\n---\n", present: true, start: 1, end: 3,
			problems: []wantProblem{{"header/not-yaml", 2, 1, 2, 14, "indented lines"}}},
		{name: "tab-indented key", src: "---\n\ttriggers: a\n---\n", present: true, start: 1, end: 3,
			problems: []wantProblem{{"header/not-yaml", 2, 1, 2, 13, "indented lines"}}},
		{name: "comment", src: "---\n# routing keywords\ntriggers: a\n---\n", present: true, start: 1, end: 4, fields: []Field{{"triggers", "a", 3, 11}},
			problems: []wantProblem{{"header/not-yaml", 2, 1, 2, 19, "comments are not allowed"}}},
		{name: "blank line", src: "---\ntriggers: a\n\nsummary: s\n---\n", present: true, start: 1, end: 5,
			fields:   []Field{{"triggers", "a", 2, 11}, {"summary", "s", 4, 10}},
			problems: []wantProblem{{"header/not-yaml", 3, 1, 0, 0, "blank line inside the header"}}},
		{name: "anchor", src: "---\ntriggers: &keys chart\n---\n", present: true, start: 1, end: 3,
			problems: []wantProblem{{"header/not-yaml", 2, 11, 2, 22, "anchors and tags are not allowed; write `triggers: chart`"}}},
		{name: "tag", src: "---\nsummary: !!str Charts\n---\n", present: true, start: 1, end: 3,
			problems: []wantProblem{{"header/not-yaml", 2, 10, 2, 22, "write `summary: Charts`"}}},
		{name: "no colon", src: "---\njust words\n---\n", present: true, start: 1, end: 3,
			problems: []wantProblem{{"header/not-yaml", 2, 1, 2, 11, `"just words" is not a ` + "`key: value` line"}}},
		{name: "bad key", src: "---\nkey with space: v\nüber: x\n---\n", present: true, start: 1, end: 4,
			problems: []wantProblem{{"header/not-yaml", 2, 1, 2, 18, `"key with space" is not a header key`}, {"header/not-yaml", 3, 1, 3, 8, `"über" is not a header key`}}},
		{name: "document end marker", src: "---\ntriggers: a\n...\n---\n", present: true, start: 1, end: 4, fields: []Field{{"triggers", "a", 2, 11}},
			problems: []wantProblem{{"header/not-yaml", 3, 1, 3, 4, `"..." is not a`}}},
		{name: "duplicate key", src: "---\ntriggers: a\nsummary: s\ntriggers: b\n---\n", present: true, start: 1, end: 5,
			fields:   []Field{{"triggers", "a", 2, 11}, {"summary", "s", 3, 10}},
			problems: []wantProblem{{"header/duplicate-key", 4, 1, 4, 9, `key "triggers" appears twice (first on line 2)`}}},
		{name: "empty value", src: "---\ntriggers:\nsummary:   \n---\n", present: true, start: 1, end: 4,
			problems: []wantProblem{{"header/empty-value", 2, 1, 2, 10, `key "triggers" has no value`}, {"header/empty-value", 3, 1, 3, 12, `key "summary" has no value`}}},
		{name: "unknown keys are kept for the lint rule", src: "---\ntitle: Charts\nx.y_z-w: v\n---\n", present: true, start: 1, end: 4,
			fields: []Field{{"title", "Charts", 2, 8}, {"x.y_z-w", "v", 3, 10}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := Parse("m.md", []byte(c.src))
			h := m.Header
			if h.Present != c.present || h.Start != c.start || h.End != c.end {
				t.Errorf("header present=%v start=%d end=%d, want %v %d %d", h.Present, h.Start, h.End, c.present, c.start, c.end)
			}
			if len(h.Fields) != len(c.fields) {
				t.Fatalf("fields %+v, want %+v", h.Fields, c.fields)
			}
			for i, f := range c.fields {
				if h.Fields[i] != f {
					t.Errorf("field %d = %+v, want %+v", i, h.Fields[i], f)
				}
			}
			if got := string(m.Body()); got != c.body {
				t.Errorf("body %q, want %q", got, c.body)
			}
			if len(m.Problems) != len(c.problems) {
				t.Fatalf("problems %+v, want %+v", m.Problems, c.problems)
			}
			for i, w := range c.problems {
				p := m.Problems[i]
				if p.Rule != w.rule || p.Line != w.line || p.Col != w.col || p.EndLine != w.endLine || p.EndCol != w.endCol || !strings.Contains(p.Message, w.msg) {
					t.Errorf("problem %d = %+v\nwant %+v", i, p, w)
				}
			}
		})
	}
}

// TestHeaderFieldsFeedTheModel checks that the fields become the manual's
// audience, triggers, summary and required tools.
func TestHeaderFieldsFeedTheModel(t *testing.T) {
	m := Parse("manuals/charts.md", []byte("---\naudience: eddie\ntriggers: chart, Diagramm,, plot ,\nsummary: Charts.\nrequires-tools: doc_create, web_fetch\n---\n# Charts\n"))
	if m.Audience != "eddie" || m.Summary != "Charts." || strings.Join(m.Triggers, "|") != "chart|Diagramm|plot" ||
		strings.Join(m.RequiresTools, "|") != "doc_create|web_fetch" || m.Title != "Charts" || m.Name != "charts" || m.Dialect != Lore {
		t.Errorf("model: %+v", m)
	}
}
