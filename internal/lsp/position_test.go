package lsp

import (
	"testing"
	"unicode/utf8"
)

func TestPositions(t *testing.T) {
	tx := newText("---\r\nÜber 😀 Ärger: see\nx")
	// lore column 15 (code points) on line 2 is UTF-16 character 15.
	if p := tx.fromLore(2, 15); p != (Position{Line: 1, Character: 15}) {
		t.Errorf("fromLore: %+v", p)
	}
	if c := tx.loreCol(Position{Line: 1, Character: 15}); c != 15 {
		t.Errorf("loreCol: %d", c)
	}
	if tx.line(0) != "---" || tx.line(2) != "x" || tx.line(3) != "" {
		t.Errorf("lines %q %q", tx.line(0), tx.line(2))
	}
	// Past the end of a line clamps to its end, inside a surrogate pair to
	// the character's start.
	if o := tx.offset(Position{Line: 0, Character: 99}); o != 3 {
		t.Errorf("clamp: %d", o)
	}
	if o := tx.offset(Position{Line: 1, Character: 6}); tx.s[o:o+4] != "😀" {
		t.Errorf("inside a surrogate pair: %d", o)
	}
}

// FuzzPositions checks that byte offsets survive the round trip through
// LSP positions on any text.
func FuzzPositions(f *testing.F) {
	f.Add("Grüße 😀\r\nzwei\n", 9)
	f.Add("", 0)
	f.Fuzz(func(t *testing.T, s string, off int) {
		if !utf8.ValidString(s) || off < 0 || off > len(s) || off < len(s) && !utf8.RuneStart(s[off]) {
			return
		}
		tx := newText(s)
		p := tx.fromOffset(off)
		if p.Line < len(tx.lines) && off > tx.lines[p.Line]+len(tx.line(p.Line)) {
			return // inside a line ending
		}
		if got := tx.offset(p); got != off {
			t.Fatalf("%q: offset %d -> %+v -> %d", s, off, p, got)
		}
	})
}
