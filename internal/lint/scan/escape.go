package scan

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Escape returns s with every character a reader would not see written
// as an escape: control and format characters (bidi controls, zero-width
// characters, tag characters) as \u202E or \U000E0041, a tab as \t,
// invalid UTF-8 as \xff. Terminal output and HTML built from it carry no
// raw control character.
func Escape(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\t':
			b.WriteString(`\t`)
		case hiddenRune(r):
			if r > 0xFFFF {
				fmt.Fprintf(&b, `\U%08X`, r)
			} else {
				fmt.Fprintf(&b, `\u%04X`, r)
			}
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func needsEscape(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f || c >= 0x80 {
			return true // checked in detail by the slow path
		}
	}
	return false
}

// hiddenRune reports whether r is not seen when printed: a control
// character, a format character (Cf: bidi controls, zero-width
// characters, tags, the BOM), a non-character, or an unassigned or
// private-use code point that fonts draw as nothing.
func hiddenRune(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == 0x2028 || r == 0x2029 ||
		unicode.In(r, unicode.Co) || r >= 0xFFF0 && r <= 0xFFFF
}

// Excerpt context, in characters, before and after a hit.
const (
	excerptBefore = 24
	excerptAfter  = 56
)

// Excerpt quotes the line of src holding bytes off..end, shortened
// around the hit to a few dozen characters and escaped (Escape). When
// redact is set the hit itself is shown by its first four characters
// only, and nothing of the line from until on (the next credential of
// the line: a finding stands for all the hits of its line, and quotes
// only the first).
func Excerpt(src []byte, off, end int, redact bool, until int) string {
	off = max(0, min(off, len(src)))
	end = max(off, min(end, len(src)))
	ls, le := lineAt(src, off)
	end = min(end, le)
	if redact && until >= end {
		le = min(le, until)
	}
	// At most 4 bytes a character: the excerpt never reads more of a long
	// line than it shows.
	bs := runeStart(src, max(ls, off-4*(excerptBefore+1)))
	before := string(src[bs:off])
	if bs > ls {
		before = "x" + before // counts as one more character: shortened
	}
	hit := string(src[off:runeStart(src, min(end, off+4*(excerptAfter+1)))])
	after := string(src[end:runeStart(src, min(le, end+4*(excerptAfter+1)))])
	if redact {
		keep := 0
		for i := range hit {
			if keep == 4 {
				hit = hit[:i] + "…(redacted)"
				break
			}
			keep++
		}
	}
	pre, post := "", ""
	if n := utf8.RuneCountInString(before); n > excerptBefore {
		before = string([]rune(before)[n-excerptBefore:])
		pre = "…"
	}
	room := max(excerptAfter-utf8.RuneCountInString(hit), 8)
	if n := utf8.RuneCountInString(hit); n > excerptAfter {
		hit = string([]rune(hit)[:excerptAfter])
		after, post = "", "…"
	}
	if n := utf8.RuneCountInString(after); n > room {
		after = string([]rune(after)[:room])
		post = "…"
	}
	return pre + Escape(before+hit+after) + post
}

// runeStart moves i back to the first byte of the character holding it.
func runeStart(src []byte, i int) int {
	for j := 0; j < utf8.UTFMax && i > 0 && i < len(src) && !utf8.RuneStart(src[i]); j++ {
		i--
	}
	return i
}
