package lint

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
	"unicode/utf8"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// FuzzRules runs every rule over a fuzzed manual (as a lore manual, a
// routing overview, a kind manual and a SKILL.md, beside a fixed sibling)
// and checks that no rule panics, that every finding starts and ends
// inside the file (line within its lines, column within its line, byte
// offset within the file and at that line and column) and that every
// output format writes them.
func FuzzRules(f *testing.F) {
	for _, s := range []string{"---\ntriggers: a, b\nsummary: S\naudience: eddie\nrequires-tools: x\n---\n# T\n\nsee the X manual [a](#t) `manual_read('b')`\n",
		"| a | b |\n|---|---|\n| `manual_read('x')` | y |\n<!-- lore-disable size/* -->\n", "---\nname: x\ndescription: d\nversion: 1\n---\n",
		"## Decision table\n\n```chart\n```\n## Inline\n## Stored\n", "<!-- lore-disable-next-line nonsense -->\n---\n", "---\n0: \r00\n---", "---\rtriggers: a\rsummary: b\r---\r# T\r[x](#y)\r",
		"\ufeff---\r\nname: x\r\n---\r\n"} {
		f.Add([]byte(s))
	}
	cfg := config.Default(".")
	cfg.Tools = map[string]string{"x": "tool"}
	cfg.ToolNames = []string{"x"}
	cfg.Recipes = []*config.Recipe{{Name: "eddie", Engine: "eddie", ManualPaths: []string{"manuals/eddie", "manuals"}}}
	sibling := manual.Parse("manuals/b.md", []byte("---\ntriggers: a, b\nsummary: B.\n---\n# B\n\n## T\n\nText.\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, p := range []string{"manuals/a.md", "manuals/overview.md", "manuals/eddie/kind-chart.md", "manuals/a/SKILL.md"} {
			m := manual.Parse(p, src)
			in := &Input{Config: cfg, Manuals: manual.NewSet([]*manual.Manual{m, sibling})}
			ds := Run(in)
			for _, d := range ds {
				if d.Pos.File != p {
					continue
				}
				if why := outside(m, d.Pos, false); why != "" {
					t.Fatalf("%s: finding starts outside the file (%d lines): %s: %s", p, m.Lines, why, d)
				}
				if why := offsetMismatch(m.Src, d.Pos); why != "" {
					t.Fatalf("%s: %s: %s", p, why, d)
				}
				if d.End == (diag.Pos{}) {
					continue
				}
				if why := outside(m, d.End, true); why != "" || d.End.File != p || d.End.Line < d.Pos.Line || d.End.Line == d.Pos.Line && d.End.Col < d.Pos.Col {
					t.Fatalf("%s: finding ends outside the file or before it starts (%d lines): %s: %s, end %s", p, m.Lines, why, d, d.End)
				}
				if why := offsetMismatch(m.Src, d.End); why != "" || d.End.Offset < d.Pos.Offset {
					t.Fatalf("%s: end %s: %s (start offset %d): %s", p, d.End, why, d.Pos.Offset, d)
				}
			}
			for _, format := range Formats() {
				var b bytes.Buffer
				if err := Write(&b, format, Report{Diagnostics: ds, Files: 2}); err != nil {
					t.Fatalf("%s: %v", format, err)
				}
				if (format == "json" || format == "sarif") && !json.Valid(b.Bytes()) {
					t.Fatalf("%s output is not JSON", format)
				}
			}
		}
	})
}

// offsetMismatch says why pos's byte offset is not inside src or not
// where its line and column are (counted here independently of
// diag.Lines: lines end at LF, CRLF or a lone CR; a column is a code
// point, an invalid byte one column).
func offsetMismatch(src []byte, pos diag.Pos) string {
	if pos.Offset < 0 || pos.Offset > len(src) {
		return fmt.Sprintf("offset %d outside the file of %d bytes", pos.Offset, len(src))
	}
	if pos.Line == 0 {
		if pos.Offset != 0 {
			return fmt.Sprintf("offset %d of a whole-file finding", pos.Offset)
		}
		return ""
	}
	off := 0
	for l := 1; l < pos.Line; l++ {
		i := bytes.IndexAny(src[off:], "\r\n")
		if i < 0 {
			return fmt.Sprintf("no line %d", pos.Line)
		}
		off += i + 1
		if src[off-1] == '\r' && off < len(src) && src[off] == '\n' {
			off++
		}
	}
	for c := 1; c < pos.Col; c++ {
		if off >= len(src) || src[off] == '\n' || src[off] == '\r' {
			return fmt.Sprintf("no column %d on line %d", pos.Col, pos.Line)
		}
		_, n := utf8.DecodeRune(src[off:])
		off += n
	}
	if off != pos.Offset {
		return fmt.Sprintf("offset %d, but %d:%d is at byte %d", pos.Offset, pos.Line, pos.Col, off)
	}
	return ""
}

// outside says why pos does not lie in m: its line is past the last, or
// its column past the end of its line (one past the last character is the
// end of the line). Line 0 is the whole file; an end needs a column.
func outside(m *manual.Manual, pos diag.Pos, end bool) string {
	switch {
	case pos.Line < 0 || pos.Line > max(m.Lines, 1):
		return fmt.Sprintf("line %d", pos.Line)
	case pos.Line == 0:
		if end || pos.Col != 0 {
			return "a column on line 0"
		}
		return ""
	case pos.Col < 1:
		return fmt.Sprintf("column %d", pos.Col)
	}
	if n := utf8.RuneCountInString(m.Line(pos.Line)); pos.Col > n+1 {
		return fmt.Sprintf("column %d of a line of %d characters", pos.Col, n)
	}
	return ""
}
