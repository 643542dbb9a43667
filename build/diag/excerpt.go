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
func Excerpt(s string) string {
	var b strings.Builder
	b.WriteByte('"')
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
		case r == '"' || r == '\\':
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
	b.WriteByte('"')
	return b.String()
}
