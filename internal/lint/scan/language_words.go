package scan

import (
	"bytes"
	"strings"
	"sync"
	"unicode/utf8"
)

//go:generate go run gen_stopwords.go

// A language of the Latin script is told by its function words: the
// stop-word lists bleve ships (Snowball's, Lucene's; under the BSD and
// Apache licences: see THIRD_PARTY_NOTICES.md at the repository's root),
// generated into stopwords_table.go, one bit a language.
type langBits uint32

// latinLang is a language of the Latin script with its stop words.
type latinLang struct {
	name  string
	words string // lower case, space-separated, none of one letter
	read  bool   // the security rules read it (English, German)
}

// readBits are the languages the security rules read.
const readBits langBits = 1<<0 | 1<<1

// maxStopWord bounds the words looked up (bytes): no stop word is longer.
const maxStopWord = 24

// stopIndex maps a lower-case word to the languages that list it as a
// stop word. Words of one letter are left out: a, i, o, e, y are stop
// words of a dozen languages each and tell none apart. A word of up to
// eight ASCII letters is looked up as a number (most words of a text
// are; the lookup is on every word of every manual).
type stopIndex struct {
	short map[uint64]langBits
	long  map[string]langBits
}

var stopWords = sync.OnceValue(func() *stopIndex {
	x := &stopIndex{short: map[uint64]langBits{}, long: map[string]langBits{}}
	for i, l := range latinLangs {
		for _, w := range strings.Fields(l.words) {
			if len(w) > maxStopWord {
				continue
			}
			if k, ok := packWord([]byte(w)); ok {
				x.short[k] |= 1 << i
			} else {
				x.long[w] |= 1 << i
			}
		}
	}
	return x
})

// packWord returns an ASCII word of up to eight bytes in lower case as a
// number, or false.
func packWord(w []byte) (uint64, bool) {
	if len(w) > 8 {
		return 0, false
	}
	var k uint64
	for _, c := range w {
		if c >= utf8.RuneSelf {
			return 0, false
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		k = k<<8 | uint64(c)
	}
	return k, true
}

// lookup returns the languages whose stop word w is, and a number that
// tells the word from the others of a sentence (to count it once).
func (x *stopIndex) lookup(w []byte) (langBits, uint64) {
	if k, ok := packWord(w); ok {
		return x.short[k], k
	}
	if len(w) > maxStopWord {
		return 0, 0
	}
	var buf [maxStopWord]byte
	lw := append(buf[:0], w...)
	lw = bytes.ToLower(lw)
	h := uint64(14695981039346656037) // FNV-1a, with the top bit set: not a packed word
	for _, c := range lw {
		h = (h ^ uint64(c)) * 1099511628211
	}
	return x.long[string(lw)], h | 1<<63
}
