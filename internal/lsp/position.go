package lsp

import (
	"strings"
	"unicode/utf8"
)

// text is a document's content with the offsets of its lines, for
// converting between byte offsets, lore's positions (1-based line,
// code-point column) and LSP positions (0-based line, UTF-16 units).
type text struct {
	s     string
	lines []int // byte offset at which each line starts
}

func newText(s string) *text {
	t := &text{s: s, lines: []int{0}}
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			t.lines = append(t.lines, i+1)
		}
	}
	return t
}

// line returns line n (0-based) without its line ending.
func (t *text) line(n int) string {
	if n < 0 || n >= len(t.lines) {
		return ""
	}
	end := len(t.s)
	if n+1 < len(t.lines) {
		end = t.lines[n+1] - 1
	}
	return strings.TrimSuffix(t.s[t.lines[n]:end], "\r")
}

// utf16Len is the number of UTF-16 code units of r.
func utf16Len(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// fromLore converts a lore position (1-based line, 1-based column in code
// points; 0 for unknown) to an LSP position. Columns past the end of the
// line clamp to its end.
func (t *text) fromLore(line, col int) Position {
	if line <= 0 {
		return Position{}
	}
	l := t.line(line - 1)
	units := 0
	for _, r := range l {
		if col <= 1 {
			break
		}
		units += utf16Len(r)
		col--
	}
	return Position{Line: line - 1, Character: units}
}

// fromOffset converts a byte offset to an LSP position.
func (t *text) fromOffset(off int) Position {
	off = max(0, min(off, len(t.s)))
	n := 0
	for n+1 < len(t.lines) && t.lines[n+1] <= off {
		n++
	}
	units := 0
	for _, r := range t.s[t.lines[n]:off] {
		units += utf16Len(r)
	}
	return Position{Line: n, Character: units}
}

// offset converts an LSP position to a byte offset; a character past the
// end of its line clamps to the end, a line past the end to the text's end.
func (t *text) offset(p Position) int {
	if p.Line < 0 {
		return 0
	}
	if p.Line >= len(t.lines) {
		return len(t.s)
	}
	start := t.lines[p.Line]
	l := t.line(p.Line)
	units := 0
	for i, r := range l {
		if units+utf16Len(r) > p.Character { // at or inside r
			return start + i
		}
		units += utf16Len(r)
	}
	return start + len(l)
}

// loreCol converts an LSP position to lore's 1-based code-point column.
func (t *text) loreCol(p Position) int {
	off := t.offset(p)
	start := 0
	if p.Line >= 0 && p.Line < len(t.lines) {
		start = t.lines[p.Line]
	}
	return utf8.RuneCountInString(t.s[start:off]) + 1
}

// utf16Count returns the length of s in UTF-16 code units.
func utf16Count(s string) int {
	n := 0
	for _, r := range s {
		n += utf16Len(r)
	}
	return n
}
