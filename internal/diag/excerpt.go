package diag

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ExcerptRunes is the longest excerpt of input a message quotes, in code
// points, before the "…" that marks a cut.
const ExcerptRunes = 80

// Excerpt returns s as a message quotes it: in double quotes, control
// characters and invalid UTF-8 escaped (\n, \r, \t, \x00, \u2028 …), cut
// after ExcerptRunes code points with "…". A message that quotes input
// through Excerpt stays short and on one line whatever the input holds.
func Excerpt(s string) string { return `"` + clip(s, true) + `"` }

// Clip is Excerpt without the quotes, for input a message shows in
// backticks or as a list: control characters and invalid UTF-8 escaped,
// cut after ExcerptRunes code points with "…".
func Clip(s string) string { return clip(s, false) }

func clip(s string, quoted bool) string {
	var b strings.Builder
	n := 0
	for i := 0; i < len(s); {
		if n == ExcerptRunes {
			b.WriteString("…")
			break
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case quoted && (r == '"' || r == '\\'):
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case unicode.IsControl(r) || unicode.In(r, unicode.Zl, unicode.Zp, unicode.Cf) && r != '\u200d':
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
		i += size
		n++
	}
	return b.String()
}

// MaxMessage is the longest message, in bytes, that Bound lets through.
const MaxMessage = 2000

// Bound returns msg, or for a message over MaxMessage bytes its start and
// end around a "…": the backstop for a message that quotes input without
// Excerpt. The end is kept because it says the fix.
func Bound(msg string) string {
	if len(msg) <= MaxMessage {
		return msg
	}
	head, tail := MaxMessage*2/3, MaxMessage/3
	for head > 0 && !utf8.RuneStart(msg[head]) {
		head--
	}
	t := len(msg) - tail
	for t < len(msg) && !utf8.RuneStart(msg[t]) {
		t++
	}
	return msg[:head] + " … " + msg[t:]
}
