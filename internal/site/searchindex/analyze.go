package searchindex

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Token limits: shorter words carry no meaning, longer ones are hashes,
// identifiers or base64 and would only bloat the index. A query ignores the
// same words, so a query never asks for a term the index cannot hold.
const (
	minTokenRunes = 2
	maxTokenRunes = 32
)

// tokenize calls fn with every word of s, lowercased and folded to ASCII
// where a folding exists. A word is a run of letters and numbers; combining
// marks inside a word are folded or dropped; everything else separates words.
//
// theme/assets/js/search/analyze.js implements the same function.
func tokenize(s string, fn func(tok string)) {
	var buf []byte
	runes := 0
	flush := func() {
		if runes >= minTokenRunes && runes <= maxTokenRunes {
			fn(string(buf))
		}
		buf, runes = buf[:0], 0
	}
	for _, r := range s {
		if r < utf8.RuneSelf { // ASCII: no folding, no marks
			switch {
			case 'a' <= r && r <= 'z' || '0' <= r && r <= '9':
				buf = append(buf, byte(r))
				runes++
			case 'A' <= r && r <= 'Z':
				buf = append(buf, byte(r)+'a'-'A')
				runes++
			default:
				flush()
			}
			continue
		}
		switch {
		case unicode.IsLetter(r) || unicode.IsNumber(r):
			r = unicode.ToLower(r)
			if f, ok := foldTable[r]; ok {
				buf = append(buf, f...)
				runes += len(f)
			} else {
				buf = utf8.AppendRune(buf, r)
				runes++
			}
		case unicode.IsMark(r):
			if r == combiningDiaeresis && len(buf) > 0 {
				switch buf[len(buf)-1] {
				case 'a', 'o', 'u':
					buf = append(buf, 'e')
					runes++
				}
			}
		default:
			flush()
		}
	}
	flush()
}

// tokens returns the words of s (see tokenize).
func tokens(s string) []string {
	var out []string
	tokenize(s, func(t string) { out = append(out, t) })
	return out
}

// stems is the pair of stems of one folded token.
type stems struct{ en, de string }

// stemmer stems folded tokens with both Snowball stemmers and remembers the
// results: the vocabulary of a site is small compared to its word count.
type stemmer struct{ cache map[string]stems }

func newStemmer() *stemmer { return &stemmer{cache: map[string]stems{}} }

func (s *stemmer) stem(tok string) stems {
	if st, ok := s.cache[tok]; ok {
		return st
	}
	st := stems{en: stemEnglish(tok), de: stemGerman(tok)}
	s.cache[strings.Clone(tok)] = st
	return st
}
