package lsp

import (
	"sort"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/lorekit/lore/internal/diag"
)

// text is a document's content with its line index, for converting
// between byte offsets (what lore's positions carry) and LSP positions
// (0-based line, UTF-16 code units, the protocol's default encoding).
// Lines end at LF, CRLF or a lone CR, in LSP as in lore.
type text struct {
	s     string
	b     []byte
	lines diag.Lines
}

func newText(s string) *text {
	b := []byte(s)
	return &text{s: s, b: b, lines: diag.NewLines(b)}
}

// line returns 0-based line n without its line ending ("" past the end).
func (t *text) line(n int) string {
	return string(t.lines.Text(t.b, n+1))
}

// lineCount returns the number of lines an LSP client counts: a line
// ending at the end of the text starts an empty last line.
func (t *text) lineCount() int { return len(t.lines) }

// utf16Len is the number of UTF-16 code units of r.
func utf16Len(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// utf16Count returns the length of s in UTF-16 code units (a byte that
// is not UTF-8 counts as one, as U+FFFD).
func utf16Count(s string) int {
	n := 0
	for _, r := range s {
		n += utf16Len(r)
	}
	return n
}

// position converts byte offset off (clamped to the text) to an LSP
// position.
func (t *text) position(off int) protocol.Position {
	off = max(0, min(off, len(t.b)))
	n := t.lines.Line(off)
	return protocol.Position{Line: protocol.UInteger(n - 1), Character: protocol.UInteger(utf16Count(t.s[t.lines.Start(t.b, n):off]))}
}

// positions converts each byte offset of offs (clamped to the text) to
// an LSP position, as position does, in one pass over each line however
// many offsets it holds: a finding per call on a long line cost position
// a count from the line's start each, a minute in all.
func (t *text) positions(offs []int) []protocol.Position {
	clamped := make([]int, len(offs))
	order := make([]int, len(offs))
	for i, off := range offs {
		clamped[i], order[i] = max(0, min(off, len(t.b))), i
	}
	sort.Slice(order, func(a, b int) bool { return clamped[order[a]] < clamped[order[b]] })
	out := make([]protocol.Position, len(offs))
	// at is where the count stands, units into line: the start of a
	// character, where decoding the line from its start also stands.
	line, units, at := 0, 0, 0
	for _, i := range order {
		off := clamped[i]
		if n := t.lines.Line(off); n != line {
			line, units, at = n, 0, t.lines.Start(t.b, n)
		}
		// The count moves on to the last byte at or before off that is
		// not a continuation byte: no character runs across it.
		to := off
		for to > at && off-to < utf8.UTFMax && to < len(t.b) && !utf8.RuneStart(t.b[to]) {
			to--
		}
		if to == off || to < len(t.b) && utf8.RuneStart(t.b[to]) {
			units += utf16Count(t.s[at:to])
			at = to
		}
		out[i] = protocol.Position{Line: protocol.UInteger(line - 1), Character: protocol.UInteger(units + utf16Count(t.s[at:off]))}
	}
	return out
}

// lineEnd returns the position of the end of 0-based line n, before its
// line ending.
func (t *text) lineEnd(n int) protocol.Position {
	return protocol.Position{Line: protocol.UInteger(max(n, 0)), Character: protocol.UInteger(utf16Count(t.line(n)))}
}

// offset converts an LSP position to a byte offset: a character past the
// end of its line is the end of the line, inside a surrogate pair the
// start of its character; a line past the last is the end of the text.
func (t *text) offset(p protocol.Position) int {
	n := int(p.Line) + 1
	if n > len(t.lines) {
		return len(t.b)
	}
	start := t.lines.Start(t.b, n)
	l := t.lines.Text(t.b, n)
	units := 0
	for i := 0; i < len(l); {
		r, size := utf8.DecodeRune(l[i:])
		if units+utf16Len(r) > int(p.Character) { // at or inside r
			return start + i
		}
		units += utf16Len(r)
		i += size
	}
	return start + len(l)
}

// rangeOf returns the LSP range of the bytes [start, end).
func (t *text) rangeOf(start, end int) protocol.Range {
	return protocol.Range{Start: t.position(start), End: t.position(end)}
}

// before reports whether position a comes before b.
func before(a, b protocol.Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}
