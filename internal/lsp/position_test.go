package lsp

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/lorekit/lore/internal/diag"
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

// positions is position for each offset, in any order, with offsets
// before the text and past it, inside multi-byte characters and
// surrogate pairs, invalid bytes, and CRLF and lone CR line ends.
func TestPositionsIsPosition(t *testing.T) {
	tx := newText("---\r\nÜber 😀 Ärger: \xff see\nx\ry 😀😀")
	var offs []int
	for off := -2; off <= len(tx.s)+2; off++ {
		offs = append(offs, off)
	}
	for i := len(offs) - 1; i >= 0; i -= 3 {
		offs = append(offs, offs[i])
	}
	got := tx.positions(offs)
	for i, off := range offs {
		if want := tx.position(off); got[i] != want {
			t.Errorf("offset %d: positions %+v, position %+v", off, got[i], want)
		}
	}
}

// TestDiagnosticsLongLine converts 60,000 findings on one line of 1.3 MB
// (a manual_read call of an unknown manual each): counting each
// position's UTF-16 units from the line's start kept lore lsp from
// answering for a minute when a maintainer opened such a file. The
// watchdog catches that long before the test binary's timeout; one pass
// over the line takes milliseconds.
func TestDiagnosticsLongLine(t *testing.T) {
	const n = 60_000
	call := "`manual_read('nope')` "
	tx := newText("# T\n\n" + strings.Repeat(call, n) + "\n")
	var findings diag.List
	for i := range n {
		off := 5 + i*len(call) + 1
		findings = append(findings, diag.Diagnostic{Pos: diag.Pos{Line: 3, Col: off - 4, Offset: off}, Severity: diag.Error, Rule: "ref/unknown-manual"})
	}
	done := make(chan []protocol.Diagnostic)
	go func() { done <- toLSPAll(tx, findings) }()
	select {
	case out := <-done:
		if len(out) != n || out[n-1].Range.Start != pos(2, (n-1)*len(call)+1) || out[n-1].Range.End != pos(2, n*len(call)) {
			t.Errorf("%d diagnostics, the last at %+v", len(out), out[len(out)-1].Range)
		}
	case <-time.After(time.Minute):
		t.Fatal("converting the findings of one long line took more than a minute")
	}
}
