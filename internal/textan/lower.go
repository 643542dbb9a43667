package textan

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// lower returns w in lower case rune by rune, as the catalog's lower-case
// filter does: a capital sigma that ends the word becomes the final sigma
// ς. Once a rune's lower case needs more bytes than the rune (Ⱥ → ⱥ), the
// rest of the word is lowered without that rule.
func lower(w string) string {
	var b strings.Builder
	b.Grow(len(w))
	for i := 0; i < len(w); {
		r, size := utf8.DecodeRuneInString(w[i:])
		l := unicode.ToLower(r)
		switch {
		case l == r:
			b.WriteString(w[i : i+size])
		case utf8.RuneLen(l) > size:
			b.WriteString(strings.ToLower(w[i:]))
			return b.String()
		case l == 'σ' && i+size == len(w):
			b.WriteRune('ς')
		default:
			b.WriteRune(l)
		}
		i += size
	}
	return b.String()
}
