package manual

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// The fuzz targets check that parsing never panics and never loses input:
// every position it reports points at the text it describes. Seeds are in
// testdata/fuzz/<FuzzName>/; run one with
//
//	go test ./internal/manual -run '^$' -fuzz FuzzLoreHeader -fuzztime 3m

// offsetOf returns the byte offset of 1-based line and code point column
// in src, or -1 when there is no such position. Lines end at LF, CRLF or a
// lone CR.
func offsetOf(src []byte, line, col int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexAny(src[off:], "\r\n")
		if i < 0 {
			return -1
		}
		off += i + 1
		if src[off-1] == '\r' && off < len(src) && src[off] == '\n' {
			off++
		}
	}
	for c := 1; c < col; c++ {
		if off >= len(src) || src[off] == '\n' || src[off] == '\r' && (off+1 == len(src) || src[off+1] != '\n') {
			return -1
		}
		_, n := utf8.DecodeRune(src[off:])
		off += n
	}
	return off
}

// lineEnd returns the offset after 1-based line n of src with its line
// ending: where line n+1 starts, or the end of src.
func lineEnd(src []byte, n int) int {
	if off := offsetOf(src, n+1, 1); off >= 0 {
		return off
	}
	return len(src)
}

func checkProblems(t *testing.T, m *Manual) {
	t.Helper()
	for _, p := range m.Problems {
		if p.Rule == "" || p.Message == "" || p.Line < 0 || p.Line > max(m.Lines, 1) || p.Line > 0 && p.Col < 1 {
			t.Fatalf("problem out of the file (%d lines): %+v", m.Lines, p)
		}
		if p.EndLine != 0 && (p.EndLine < p.Line || p.EndLine > m.Lines || p.EndLine == p.Line && p.EndCol < p.Col) {
			t.Fatalf("problem ends before it starts: %+v", p)
		}
	}
}

func FuzzLoreHeader(f *testing.F) {
	for _, s := range []string{"", "---", "---\n", "---\n---\n", "---\ntriggers: a, b\nsummary: S\n---\n# T\n",
		"\ufeff---\r\ntriggers: x\r\n---\r\n", "---\ntriggers: [a, \"b\"]\nsummary: 'x'\n# c\n- d\n  e: f\n\nk: |\n---\n",
		"---\ntriggers:\n  - a\n  - b\n---\n", "---\nx: &a !!str v\n---\n", "---\rtriggers: a\r\rsummary: s\r---\r", "---\r\r\n\r"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m := Parse("m.md", src)
		if len(m.Src) != len(src) || bytes.Count(m.Src, []byte("\r")) != bytes.Count(src, []byte("\r\n")) {
			t.Fatalf("Src is not src with its lone CRs read as LF")
		}
		src = m.Src // positions are in the text with lone CRs read as LF
		h := m.Header
		if m.BodyStart < 0 || m.BodyStart > len(src) {
			t.Fatalf("body starts at %d of %d", m.BodyStart, len(src))
		}
		if h.Present != (h.Start == 1) || h.End != 0 && (h.End <= h.Start || h.End > m.Lines) {
			t.Fatalf("header %d–%d in %d lines", h.Start, h.End, m.Lines)
		}
		if h.End == 0 && m.BodyStart != 0 {
			t.Fatalf("no closed header, but the body starts at %d", m.BodyStart)
		}
		seen := map[string]bool{}
		for _, fl := range h.Fields {
			if fl.Line <= h.Start || fl.Line >= h.End || fl.Col < 1 {
				t.Fatalf("field outside the header: %+v", fl)
			}
			if seen[fl.Key] {
				t.Fatalf("key %q twice in Fields", fl.Key)
			}
			seen[fl.Key] = true
			if fl.Value == "" || fl.Value != strings.TrimSpace(fl.Value) || strings.ContainsAny(fl.Value, "\n\r") {
				t.Fatalf("value %q", fl.Value)
			}
			// The value is written at its position, and its key starts the line.
			off := offsetOf(src, fl.Line, fl.Col)
			if off < 0 || !bytes.HasPrefix(src[off:], []byte(fl.Value)) {
				t.Fatalf("field %+v is not at its position", fl)
			}
			if start := offsetOf(src, fl.Line, 1); !bytes.HasPrefix(bytes.TrimPrefix(src[start:], bom), []byte(fl.Key)) {
				t.Fatalf("key %q does not start line %d", fl.Key, fl.Line)
			}
		}
		checkProblems(t, m)
	})
}

func FuzzFrontMatter(f *testing.F) {
	for _, s := range []string{"---\nname: x\ndescription: d\n---\n# X\n", "---\nname: [\n---\n", "---\ndescription: >-\n  a\n  b\n---\n",
		"---\nname: no\n", "---\n\tname: x\n---\n", "---\nmetadata:\n  a: 1\n---\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m := Parse("skills/x/SKILL.md", src)
		checkRestore(t, m, src)
		if m.BodyStart < 0 || m.BodyStart > len(src) || m.Header.End != 0 && m.Header.End > m.Lines {
			t.Fatalf("header %+v body %d", m.Header, m.BodyStart)
		}
		for _, fl := range m.Header.Fields {
			if fl.Line <= m.Header.Start || fl.Line >= m.Header.End {
				t.Fatalf("field outside the front matter: %+v", fl)
			}
		}
		checkProblems(t, m)
	})
}

func FuzzManualReads(f *testing.F) {
	for _, s := range []string{"manual_read('a')", "x manual_read( name = \"b\" ) y", "my_manual_read('c')", "manual_read('", "manual_read('a'\n)",
		"Größe `manual_read('größe')`\r\nmanual_read(\"x\")manual_read('y')"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		refs := ManualReads(src, nil)
		for i, r := range refs {
			off := offsetOf(src, r.Line, r.Col)
			if off < 0 || !bytes.HasPrefix(src[off:], manualReadCall) {
				t.Fatalf("ref %+v does not point at manual_read(", r)
			}
			if off > 0 && isIdentByte(src[off-1]) {
				t.Fatalf("ref %+v is part of a longer name", r)
			}
			if r.Kind != RefManual || strings.Contains(r.Target, "\n") || r.EndCol <= r.Col {
				t.Fatalf("ref %+v", r)
			}
			if r.Offset != off || r.EndOffset <= off || r.EndOffset > len(src) || src[r.EndOffset-1] != ')' {
				t.Fatalf("ref %+v: offsets do not span the call at %d", r, off)
			}
			if !bytes.Contains(src[off:], []byte(r.Target)) {
				t.Fatalf("target %q not in the call", r.Target)
			}
			if i > 0 && (r.Line < refs[i-1].Line || r.Line == refs[i-1].Line && r.Col <= refs[i-1].Col) {
				t.Fatalf("refs out of order: %+v after %+v", r, refs[i-1])
			}
		}
		// Skipping everything finds nothing.
		if len(ManualReads(src, [][2]int{{0, len(src)}})) != 0 {
			t.Fatal("a call inside a skipped range was found")
		}
	})
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"# T\n\n## A\n\ntext [x](y.md#z) ![i](i.png)\n\n```go\nmanual_read('in-code')\n```\n\n`manual_read('a')`\n",
		"---\ntriggers: a\n---\nSetext\n===\n\n> quote [r]\n\n[r]: other.md#s\n", "- [ ] task\n  - [x] done\n\n| a | b |\n|---|---|\n| `manual_read('t')` | [l](#a) |\n",
		"    indented\n    manual_read('no')\n\n[^1]\n\n[^1]: note\n", "<div>\n[html](x.md)\n</div>\n", "# A\n# A\n# A-1\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m := Parse("dir/m.md", src)
		checkProblems(t, m)
		checkRestore(t, m, src)
		checkSections(t, m)
		checkFences(t, m)
		checkCalls(t, m)
		checkRefs(t, m)
	})
}

// checkSections: sections lie in the file in order, with unique ids, and
// their offsets are those of their lines.
func checkSections(t *testing.T, m *Manual) {
	t.Helper()
	ids := map[string]bool{}
	prev := 0
	for _, s := range m.Sections {
		if s.Line < 1 || s.Line > m.Lines || s.EndLine < s.Line || s.EndLine > m.Lines || s.Line < prev {
			t.Fatalf("section %+v in %d lines (previous at %d)", s, m.Lines, prev)
		}
		prev = s.Line
		if s.Offset != offsetOf(m.Src, s.Line, 1) || s.EndOffset != lineEnd(m.Src, s.EndLine) {
			t.Fatalf("section %+v: offsets are not those of its lines", s)
		}
		if s.ID == "" || ids[s.ID] {
			t.Fatalf("section id %q empty or twice", s.ID)
		}
		ids[s.ID] = true
	}
}

// checkFences: code blocks lie in the file, with the offsets of their
// lines.
func checkFences(t *testing.T, m *Manual) {
	t.Helper()
	for _, fe := range m.Fences {
		if fe.Line < 1 || fe.EndLine < fe.Line || fe.EndLine > m.Lines {
			t.Fatalf("fence %+v in %d lines", fe, m.Lines)
		}
		if fe.Offset != offsetOf(m.Src, fe.Line, 1) || fe.EndOffset != lineEnd(m.Src, fe.EndLine) {
			t.Fatalf("fence %+v: offsets are not those of its lines", fe)
		}
	}
}

// checkCalls: the references are exactly the calls outside the header
// and the code blocks: the parser loses none and adds none.
func checkCalls(t *testing.T, m *Manual) {
	t.Helper()
	skip := [][2]int{{0, m.BodyStart}}
	for _, fe := range m.Fences {
		skip = append(skip, [2]int{fe.Offset, fe.EndOffset})
	}
	want := ManualReads(m.Src, skip)
	var got []Ref
	for _, r := range m.Refs {
		if r.Kind == RefManual {
			got = append(got, r)
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("references\n%+v\nwant the calls outside code\n%+v", got, want)
	}
}

// checkRefs: references lie in the file in order, at the offsets of their
// lines and columns; links carry no anchor in their target.
func checkRefs(t *testing.T, m *Manual) {
	t.Helper()
	for i, r := range m.Refs {
		if r.Line < 1 || r.Line > m.Lines || r.Col < 1 || r.EndCol < r.Col {
			t.Fatalf("ref %+v in %d lines", r, m.Lines)
		}
		if r.Offset != offsetOf(m.Src, r.Line, r.Col) || r.EndOffset != offsetOf(m.Src, r.Line, r.EndCol) {
			t.Fatalf("ref %+v: offsets are not those of its line and columns", r)
		}
		if i > 0 && (r.Line < m.Refs[i-1].Line || r.Line == m.Refs[i-1].Line && r.Col < m.Refs[i-1].Col) {
			t.Fatalf("refs out of order")
		}
		if r.Kind == RefLink && strings.Contains(r.Target, "#") {
			t.Fatalf("link %+v", r)
		}
	}
}
