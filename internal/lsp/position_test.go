package lsp

import (
	"testing"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

func pos(line, char int) protocol.Position {
	return protocol.Position{Line: protocol.UInteger(line), Character: protocol.UInteger(char)}
}

func TestPositions(t *testing.T) {
	tx := newText("---\r\nÜber 😀 Ärger: see\nx\ry")
	// Byte 24 ("see") is UTF-16 character 15 on line 1: "Über 😀 Ärger: "
	// is 14 code points, 15 units (😀 takes two), 19 bytes.
	if p := tx.position(24); p != pos(1, 15) {
		t.Errorf("position: %+v", p)
	}
	if o := tx.offset(pos(1, 15)); o != 24 {
		t.Errorf("offset: %d", o)
	}
	// A lone CR ends a line, as in LSP.
	if tx.line(0) != "---" || tx.line(2) != "x" || tx.line(3) != "y" || tx.line(4) != "" || tx.lineCount() != 4 {
		t.Errorf("lines %q %q %q", tx.line(0), tx.line(2), tx.line(3))
	}
	if p := tx.position(len(tx.s)); p != pos(3, 1) {
		t.Errorf("end: %+v", p)
	}
	// Past the end of a line clamps to its end (before CRLF), inside a
	// surrogate pair to the character's start, past the last line to the
	// end of the text.
	if o := tx.offset(pos(0, 99)); o != 3 {
		t.Errorf("clamp: %d", o)
	}
	if o := tx.offset(pos(1, 6)); tx.s[o:o+4] != "😀" {
		t.Errorf("inside a surrogate pair: %d", o)
	}
	if o := tx.offset(pos(9, 0)); o != len(tx.s) {
		t.Errorf("past the last line: %d", o)
	}
	if e := tx.lineEnd(1); e != pos(1, 18) {
		t.Errorf("line end: %+v", e)
	}
}

// FuzzPositions checks that byte offsets survive the round trip through
// LSP positions on any text.
func FuzzPositions(f *testing.F) {
	f.Add("Grüße 😀\r\nzwei\n", 9)
	f.Add("", 0)
	f.Add("a\rb\r\n\rc", 4)
	f.Fuzz(func(t *testing.T, s string, off int) {
		if !utf8.ValidString(s) || off < 0 || off > len(s) || off < len(s) && !utf8.RuneStart(s[off]) {
			return
		}
		tx := newText(s)
		p := tx.position(off)
		n := int(p.Line) + 1
		if off > tx.lines.Start(tx.b, n)+len(tx.line(int(p.Line))) {
			return // inside a line ending
		}
		if got := tx.offset(p); got != off {
			t.Fatalf("%q: offset %d -> %+v -> %d", s, off, p, got)
		}
	})
}
