package textan

import (
	"unicode"
	"unicode/utf8"
)

// A Token is a word of a text: its bytes as they stand in the text, where
// it stands (byte offsets, End exclusive) and its position, the count of
// words up to and including it (1-based).
type Token struct {
	Text       string
	Start, End int
	Pos        int
}

// Words calls fn with every word of text, in order. Words follow the
// word boundaries of Unicode's text segmentation (UAX #29) as the catalog
// has always cut them: letters and digits run together ("arm64"), a word
// continues across an apostrophe, a full stop or a colon between letters
// ("don't", "e.g", "example.com"), across a full stop, comma or
// apostrophe between digits ("3.5", "1,000"), and across underscores
// ("snake_case"); a Han or Hiragana character is a word of its own;
// Thai, Lao, Khmer and Myanmar letters, punctuation, symbols and spaces
// separate words and are no words. Combining marks and format characters
// belong to the character before them. Invalid UTF-8 separates words.
//
// theme/assets/js/search/analyze.js implements the same function
// (the vectors tests hold both to the same output).
func Words(text string, fn func(Token)) {
	pos := 0
	emit := func(start, end int) {
		pos++
		fn(Token{Text: text[start:end], Start: start, End: end, Pos: pos})
	}
	i := 0
	for i < len(text) {
		c, n := unitAt(text, i)
		switch c {
		case cHan, cHiragana:
			emit(i, i+n)
			i += n
			continue
		case cHangulSymbol: // a run of them is a word
			end := i + n
			for end < len(text) {
				c2, n2 := unitAt(text, end)
				if c2 != cHangulSymbol {
					break
				}
				end += n2
			}
			emit(i, end)
			i = end
			continue
		case cKatakana, cLetter, cHebrew, cNumeric, cExtendNumLet:
			end := wordEnd(text, i)
			emit(i, end)
			i = end
			continue
		}
		i += n
	}
}

// WordList returns the words of text (see Words).
func WordList(text string) []Token {
	var out []Token
	Words(text, func(t Token) { out = append(out, t) })
	return out
}

// wordEnd returns where the word that starts at i ends. A Katakana run
// and a run of letters and digits join only through underscores
// (connector punctuation).
func wordEnd(text string, i int) int {
	end := i
	prev := cOther // class of the last unit of the word
	kata := false  // the current run is Katakana
	// afterMid: the last unit follows a middle character ("a.b")
	afterMid := false
	for i < len(text) {
		c, n := unitAt(text, i)
		switch c {
		case cExtendNumLet:
			// joins anything, and is part of the word at its end
		case cKatakana:
			if prev != cOther && prev != cExtendNumLet && !kata {
				return end
			}
			kata = true
		case cLetter, cHebrew, cNumeric:
			if kata && prev != cExtendNumLet {
				return end
			}
			kata = false
		case cMidLetter, cMidNumLet, cMidNum, cSingleQuote, cDoubleQuote:
			if kata || !midJoins(text, i+n, prev, c) || c == cDoubleQuote && afterMid {
				// A Hebrew letter that follows no middle character
				// keeps an apostrophe after it, and the word goes on.
				if c == cSingleQuote && prev == cHebrew && !afterMid {
					i += n
					end, prev = i, cSingleQuote
					continue
				}
				return end
			}
			// The middle character and the unit after it belong to
			// the word: continue after that unit.
			// (A Hebrew letter with an apostrophe may be a part of its
			// own: the letter after it then starts a new part.)
			fresh := c == cSingleQuote && prev == cHebrew && !afterMid
			c2, n2 := unitAt(text, i+n)
			i += n + n2
			end, prev, afterMid = i, c2, !fresh
			if c == cDoubleQuote { // no middle character after א"א
				prev = cNewline // (a class no word holds)
			}
			continue
		default:
			return end
		}
		i += n
		end, prev, afterMid = i, c, false
	}
	return end
}

// midJoins reports whether a middle character of class mid after a unit
// of class prev joins it with the unit at j: letters across MidLetter,
// MidNumLet and an apostrophe, digits across MidNum, MidNumLet and an
// apostrophe, Hebrew letters across a double quote.
func midJoins(text string, j int, prev, mid uint8) bool {
	if j >= len(text) {
		return false
	}
	next, _ := unitAt(text, j)
	letter := func(c uint8) bool { return c == cLetter || c == cHebrew }
	switch mid {
	case cMidLetter:
		return letter(prev) && letter(next)
	case cMidNum:
		return prev == cNumeric && next == cNumeric
	case cMidNumLet, cSingleQuote:
		return letter(prev) && letter(next) || prev == cNumeric && next == cNumeric
	case cDoubleQuote:
		return prev == cHebrew && next == cHebrew
	}
	return false
}

// Word break classes (UAX #29, Word_Break).
const (
	cOther uint8 = iota
	cLetter
	cHebrew
	cNumeric
	cKatakana
	cHan
	cHiragana
	cExtendNumLet
	cMidLetter
	cMidNumLet
	cMidNum
	cSingleQuote
	cDoubleQuote
	cHangulSymbol
	cExtend // combining marks, joiners and format characters
	cNewline
)

// unitAt returns the class of the character at i and the length of it
// with the combining marks and format characters after it (a character
// that ends a line takes none).
func unitAt(text string, i int) (uint8, int) {
	var c uint8
	var n int
	if b := text[i]; b < utf8.RuneSelf {
		c, n = asciiClass[b], 1
	} else {
		r, size := utf8.DecodeRuneInString(text[i:])
		if r == utf8.RuneError && size == 1 {
			return cOther, 1
		}
		c, n = classOf(r), size
	}
	if c == cNewline {
		return c, n
	}
	for i+n < len(text) && text[i+n] >= utf8.RuneSelf {
		r, size := utf8.DecodeRuneInString(text[i+n:])
		if r == utf8.RuneError && size == 1 || classOf(r) != cExtend {
			break
		}
		n += size
	}
	return c, n
}

var asciiClass = func() [utf8.RuneSelf]uint8 {
	var t [utf8.RuneSelf]uint8
	for r := rune(0); r < utf8.RuneSelf; r++ {
		t[r] = classOf(r)
	}
	return t
}()

// classOf returns the word break class of r.
func classOf(r rune) uint8 {
	if c, ok := listedClass(r); ok {
		return c
	}
	if r < utf8.RuneSelf {
		return asciiLetterClass(r)
	}
	return unicodeClass(r)
}

// listedClass returns the class of a character the word break rules list
// by itself (quotes, line ends, the separators within words and numbers,
// joiners), and whether r is one.
func listedClass(r rune) (uint8, bool) {
	switch r {
	case '\'':
		return cSingleQuote, true
	case '"':
		return cDoubleQuote, true
	case '\n', '\r', 0x0b, 0x0c, 0x85, 0x2028, 0x2029:
		return cNewline, true
	case ':', 0xb7, 0x2d7, 0x387, 0x5f4, 0x2027, 0xfe13, 0xfe55, 0xff1a:
		return cMidLetter, true
	case '.', 0x2018, 0x2019, 0x2024, 0xfe52, 0xff07, 0xff0e:
		return cMidNumLet, true
	case ',', ';', 0x37e, 0x589, 0x60c, 0x60d, 0x66c, 0x7f8, 0x2044, 0xfe10, 0xfe14, 0xfe50, 0xfe54, 0xff0c, 0xff1b:
		return cMidNum, true
	case '_', 0x203f, 0x2040, 0x2054, 0xfe33, 0xfe34, 0xfe4d, 0xfe4e, 0xfe4f, 0xff3f:
		return cExtendNumLet, true
	case 0x200c, 0x200d:
		return cExtend, true
	case 0x200b, 0x202f:
		return cOther, true
	case 0x5f3:
		return cLetter, true // the Hebrew geresh
	case 0x66b:
		return cNumeric, true // the Arabic decimal separator
	case 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x309b, 0x309c, 0x30a0, 0x30fc, 0xff70:
		return cKatakana, true
	}
	return 0, false
}

// asciiLetterClass returns the class of an ASCII character listedClass
// does not list: a letter, a digit or other.
func asciiLetterClass(r rune) uint8 {
	switch {
	case 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z':
		return cLetter
	case '0' <= r && r <= '9':
		return cNumeric
	}
	return cOther
}

// unicodeClass returns the class of a character beyond ASCII that
// listedClass does not list, by its Unicode category and script.
func unicodeClass(r rune) uint8 {
	switch {
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc, unicode.Cf):
		return cExtend
	case unicode.Is(unicode.Nd, r):
		if 0xff10 <= r && r <= 0xff19 { // fullwidth digits: ideographic
			return cOther
		}
		return cNumeric
	case unicode.Is(unicode.Katakana, r):
		return cKatakana
	case unicode.Is(unicode.Hiragana, r):
		return cHiragana
	case unicode.Is(unicode.Han, r):
		if unicode.IsLetter(r) && !unicode.Is(unicode.Ideographic, r) { // iteration marks (々)
			return cLetter
		}
		return cHan // ideographs and radicals
	case unicode.Is(unicode.Ideographic, r):
		return cOther // ideographs of other scripts (〆)
	case unicode.Is(unicode.Hangul, r):
		if unicode.IsLetter(r) {
			return cLetter
		}
		return cHangulSymbol // parenthesised and circled syllables
	case unicode.In(r, unicode.Thai, unicode.Lao, unicode.Myanmar, unicode.Khmer, unicode.Tai_Le,
		unicode.New_Tai_Lue, unicode.Tai_Tham, unicode.Tai_Viet, unicode.Ahom):
		return cOther
	case unicode.Is(unicode.Hebrew, r) && unicode.Is(unicode.Lo, r):
		return cHebrew
	case unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_Alphabetic, r):
		return cLetter
	}
	return cOther
}
