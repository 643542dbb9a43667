package diag

import (
	"bytes"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/lorekit/lore/internal/textgen"
)

func TestLines(t *testing.T) {
	src := []byte("ab\r\nÄö\rx😀y\n\nlast")
	ls := NewLines(src)
	if n := ls.Count(src); n != 5 {
		t.Fatalf("Count = %d, want 5", n)
	}
	for n, want := range []string{1: "ab", 2: "Äö", 3: "x😀y", 4: "", 5: "last"} {
		if n == 0 {
			continue
		}
		if got := string(ls.Text(src, n)); got != want {
			t.Errorf("Text(%d) = %q, want %q", n, got, want)
		}
	}
	for _, c := range []struct{ off, line, col int }{
		{0, 1, 1}, {2, 1, 3}, {4, 2, 1}, {6, 2, 2}, {8, 2, 3}, {9, 3, 1}, {10, 3, 2}, {14, 3, 3}, {16, 4, 1}, {17, 5, 1}, {21, 5, 5},
	} {
		if l, col := ls.Pos(src, c.off); l != c.line || col != c.col {
			t.Errorf("Pos(%d) = %d:%d, want %d:%d", c.off, l, col, c.line, c.col)
		}
		if off := ls.Offset(src, c.line, c.col); off != c.off {
			t.Errorf("Offset(%d, %d) = %d, want %d", c.line, c.col, off, c.off)
		}
	}
	// Past the end of a line: its end, before the line ending; past the
	// last line: the end of the text.
	if off := ls.Offset(src, 1, 9); off != 2 {
		t.Errorf("Offset(1, 9) = %d, want 2", off)
	}
	if off := ls.Offset(src, 9, 1); off != len(src) {
		t.Errorf("Offset(9, 1) = %d, want %d", off, len(src))
	}
	if ls.Start(src, 3) != 9 || ls.Start(src, 0) != 0 || ls.Start(src, 7) != len(src) {
		t.Error("Start")
	}
}

// TestLinesRoundTrip: every offset at a character boundary converts to a
// position and back to itself.
func TestLinesRoundTrip(t *testing.T) {
	for _, s := range []string{"", "\n", "\r", "\r\n", "a\rb\r\nc\nd", "\xff\xfe\n\xc3", "Größe 😀\r\r\n\n"} {
		src := []byte(s)
		ls := NewLines(src)
		for off := 0; off <= len(src); off++ {
			if off < len(src) && !utf8.RuneStart(src[off]) && utf8.Valid(src) {
				continue
			}
			if off > 0 && src[off-1] == '\r' && off < len(src) && src[off] == '\n' {
				continue // between the CR and LF of one line ending
			}
			l, c := ls.Pos(src, off)
			if got := ls.Offset(src, l, c); got != off {
				t.Errorf("%q: offset %d → %d:%d → %d", s, off, l, c, got)
			}
		}
	}
}

// Offsets is Offset for each position, in any order, with positions past
// a line's end, before the first line and after the last, on texts with
// multi-byte characters, CRLF and lone CR line ends.
func TestOffsetsIsOffset(t *testing.T) {
	src := []byte("ab\u00e9c\r\nxyz\rüüü long line with words 🙂 and more\n\nlast")
	ls := NewLines(src)
	var at [][2]int
	for n := -1; n <= len(ls)+1; n++ {
		for col := 0; col <= 45; col += 1 + (n+3)%3 {
			at = append(at, [2]int{n, col})
		}
	}
	// Reversed and repeated, so that the pass meets columns going back.
	for i := len(at) - 1; i >= 0; i -= 2 {
		at = append(at, at[i])
	}
	got := ls.Offsets(src, at)
	for i, p := range at {
		if want := ls.Offset(src, p[0], p[1]); got[i] != want {
			t.Errorf("line %d col %d: Offsets %d, Offset %d", p[0], p[1], got[i], want)
		}
	}
}

// BenchmarkOffsetsLongLine: 50,000 positions on one line of 2 MB (a
// manual of one line with a link every 40 bytes, each a finding) take one
// walk of the line; one Offset call each took minutes in all.
func BenchmarkOffsetsLongLine(b *testing.B) {
	src := bytes.Repeat([]byte("see [the other one](other.md#x) and é "), 52_000)
	ls := NewLines(src)
	at := make([][2]int, 50_000)
	for i := range at {
		at[i] = [2]int{1, 1 + i*40}
	}
	for b.Loop() {
		ls.Offsets(src, at)
	}
}

// Positions is Pos for each offset, in any order, with offsets before
// the text and past it, inside multi-byte characters and invalid bytes,
// and at CRLF and lone CR line ends.
func TestPositionsIsPos(t *testing.T) {
	src := []byte("ab\u00e9c\r\nxyz\rüüü long \xff line with words 🙂 and more\n\nlast")
	ls := NewLines(src)
	var offs []int
	for off := -2; off <= len(src)+2; off++ {
		offs = append(offs, off)
	}
	// Reversed and repeated, so that the pass meets offsets going back.
	for i := len(offs) - 1; i >= 0; i -= 3 {
		offs = append(offs, offs[i])
	}
	got := ls.Positions(src, offs)
	for i, off := range offs {
		if l, c := ls.Pos(src, off); got[i] != [2]int{l, c} {
			t.Errorf("offset %d: Positions %d:%d, Pos %d:%d", off, got[i][0], got[i][1], l, c)
		}
	}
}

// BenchmarkPositionsLongLine: 50,000 offsets on one line of 2 MB (a
// manual of one line with a URL every 40 bytes, each a host of the
// capability lock) take one walk of the line; one Pos call each took
// 105 s in all.
func BenchmarkPositionsLongLine(b *testing.B) {
	src := bytes.Repeat([]byte("see [the other one](https://x.example) é "), 52_000)
	ls := NewLines(src)
	offs := make([]int, 50_000)
	for i := range offs {
		offs[i] = i * 40
	}
	for b.Loop() {
		ls.Positions(src, offs)
	}
}

// TestLinesAnyBreaks checks NewLines against its definition, byte by byte
// (a line starts after every LF and every CR not followed by LF), on
// texts of every mix of LF, CR and other bytes up to eight long: the
// texts without CR take a faster path.
func TestLinesAnyBreaks(t *testing.T) {
	textgen.All([]byte{'\n', '\r', 'a'}, 8, func(text []byte) {
		want := Lines{0}
		for i, c := range text {
			if c == '\n' || c == '\r' && (i+1 == len(text) || text[i+1] != '\n') {
				want = append(want, i+1)
			}
		}
		if got := NewLines(text); !slices.Equal(got, want) {
			t.Fatalf("NewLines(%q) = %v, want %v", text, got, want)
		}
	})
}
