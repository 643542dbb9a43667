package tokens

import (
	"sync"
	"unicode"
	"unicode/utf8"
)

// A class is the set of split-pattern character classes a rune belongs
// to, as bits. The classes are the ones tiktoken-go's patterns use, with
// the same definitions its regexp engine (dlclark/regexp2) gives them:
// Unicode categories from the standard library's tables and \s as
// unicode.IsSpace.
type class uint8

const (
	cLetter  class = 1 << iota // \p{L}
	cUpper                     // [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]
	cLower                     // [\p{Ll}\p{Lm}\p{Lo}\p{M}]
	cNumber                    // \p{N}
	cSpace                     // \s
	cNewline                   // [\r\n]
	cPrefix                    // [^\r\n\p{L}\p{N}]
	cPunct                     // [^\s\p{L}\p{N}]
)

// classOfRune computes a rune's classes from the Unicode tables.
func classOfRune(r rune) class {
	if r == 0x7f {
		// The generated matchers test ASCII runes against bitmaps, and
		// those of [^\r\n\p{L}\p{N}] and [^\s\p{L}\p{N}] leave out
		// DEL: it is in no class, no branch matches it, and the engine
		// skips it. tiktoken-go counts no token for it.
		return 0
	}
	var c class
	if unicode.Is(unicode.L, r) {
		c |= cLetter
	}
	if unicode.In(r, unicode.Lu, unicode.Lt, unicode.Lm, unicode.Lo, unicode.M) {
		c |= cUpper
	}
	if unicode.In(r, unicode.Ll, unicode.Lm, unicode.Lo, unicode.M) {
		c |= cLower
	}
	if unicode.In(r, unicode.N) {
		c |= cNumber
	}
	if unicode.IsSpace(r) {
		c |= cSpace
	}
	if r == '\r' || r == '\n' {
		c |= cNewline
	}
	if c&(cLetter|cNumber|cNewline) == 0 {
		c |= cPrefix
	}
	if c&(cLetter|cNumber|cSpace) == 0 {
		c |= cPunct
	}
	return c
}

// classTable holds the classes of every rune of the Basic Multilingual
// Plane; runes above it are looked up in the Unicode tables.
type classTable [1 << 16]class

// bmpClasses builds the table once per process; it is never written after.
var bmpClasses = sync.OnceValue(func() *classTable {
	t := new(classTable)
	for r := range t {
		t[r] = classOfRune(rune(r))
	}
	return t
})

// at returns the classes and the byte width of the rune at s[i]. Invalid
// UTF-8 reads as one U+FFFD per byte, as the regexp engine decodes it.
func (t *classTable) at(s string, i int) (class, int) {
	if b := s[i]; b < utf8.RuneSelf {
		return t[b], 1
	}
	r, w := utf8.DecodeRuneInString(s[i:])
	if r < 1<<16 {
		return t[r], w
	}
	return classOfRune(r), w
}
