package lint

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint/scan"
)

// The prose of prompt files as the text rules read it: template tags
// blanked, words and punctuation as tokens with their source positions.

// blankTags returns src with every template tag ({{ … }}, {% … %},
// {# … #}) replaced by spaces, newlines kept: offsets, lines and columns
// stay those of the source. An unclosed tag blanks to the end.
func blankTags(src string) string {
	if !strings.Contains(src, "{{") && !strings.Contains(src, "{%") && !strings.Contains(src, "{#") {
		return src // no tag opens (JSON's braces are none): nothing to copy
	}
	b := []byte(src)
	for i := 0; i+1 < len(b); i++ {
		if b[i] != '{' {
			continue
		}
		var closer string
		switch b[i+1] {
		case '{':
			closer = "}}"
		case '%':
			closer = "%}"
		case '#':
			closer = "#}"
		default:
			continue
		}
		end := strings.Index(src[i+2:], closer)
		stop := len(b)
		if end >= 0 {
			stop = i + 2 + end + 2
		}
		for j := i; j < stop; j++ {
			if b[j] != '\n' {
				b[j] = ' '
			}
		}
		i = stop - 1
	}
	return string(b)
}

// tokKind is the kind of a token.
type tokKind int

const (
	tWord  tokKind = iota // letters, digits, '_', inner '-' and '\''
	tPunct                // one punctuation or symbol rune
	tBreak                // a sentence end: . ! ? ; : or a new list item / paragraph
)

// token is one token of prose; Off and End are byte offsets in the text.
type token struct {
	Kind     tokKind
	Text     string // as written
	Low      string // lower case, ’ as '
	Off, End int
}

// tokenize splits text into words, punctuation and sentence breaks. A
// line break ends a sentence when the next line is blank, a list item or
// a heading, or the line is a heading.
func tokenize(text string) []token {
	// About one token in four bytes of prose: one allocation, not the
	// dozen of a slice doubling from nothing.
	out := make([]token, 0, len(text)/4+8)
	z := tokenizer{text: text}
	for t, ok := z.next(); ok; t, ok = z.next() {
		out = append(out, t)
	}
	return out
}

// tokenizer yields the tokens of text one at a time (tokenize's), so that
// a caller reading one sentence at a time keeps one sentence in memory.
type tokenizer struct {
	text string
	i    int
}

// next returns the next token; false at the end of the text.
func (z *tokenizer) next() (token, bool) {
	text := z.text
	for z.i < len(text) {
		i := z.i
		r, n := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '\n':
			z.i++
			rest := text[i+1:]
			next, _, _ := strings.Cut(rest, "\n")
			if t := strings.TrimSpace(next); t == "" || bulletStart(t) || strings.HasPrefix(t, "#") || headingLine(text, i) {
				return token{Kind: tBreak, Text: "\n", Low: "\n", Off: i, End: i + 1}, true
			}
		case unicode.IsSpace(r) || scan.Blank(r):
			z.i += n
		case isWordRune(r):
			j := wordEnd(text, i)
			z.i = j
			w := text[i:j]
			return token{Kind: tWord, Text: w, Low: lowerWord(w), Off: i, End: j}, true
		case strings.ContainsRune(".!?;:", r):
			// A dot or colon inside a number, a time or an abbreviation
			// like "e.g." is no end.
			k := tBreak
			if (r == '.' || r == ':') && i+1 < len(text) && !unicode.IsSpace(rune(text[i+1])) {
				k = tPunct
			}
			z.i += n
			return runeToken(k, text, i, r, n), true
		default:
			z.i += n
			return runeToken(tPunct, text, i, r, n), true
		}
	}
	return token{}, false
}

// runeToken is the token of the one rune r of n bytes at text[i:]: its
// text as written, or U+FFFD for a byte that is no UTF-8.
func runeToken(k tokKind, text string, i int, r rune, n int) token {
	s := text[i : i+n]
	if r == utf8.RuneError && n == 1 {
		s = string(r)
	}
	return token{Kind: k, Text: s, Low: s, Off: i, End: i + n}
}

// sentence appends the tokens of the next sentence of the text to buf
// (sentences' split: breaks dropped, no empty sentence); false at the
// end of the text.
func (z *tokenizer) sentence(buf []token) ([]token, bool) {
	for {
		t, ok := z.next()
		if !ok {
			return buf, len(buf) > 0
		}
		if t.Kind == tBreak {
			if len(buf) > 0 {
				return buf, true
			}
			continue
		}
		buf = append(buf, t)
	}
}

// wordEnd returns the end of the word starting at i: word runes, and
// inner hyphens and apostrophes between them.
func wordEnd(text string, i int) int {
	j := i
	for j < len(text) {
		if c := text[j]; c < utf8.RuneSelf && asciiWord[c] {
			j++ // an ASCII word character, without decoding
			continue
		}
		c, m := utf8.DecodeRuneInString(text[j:])
		if isWordRune(c) {
			j += m
			continue
		}
		if (c == '-' || c == '\'' || c == '’') && j+m < len(text) {
			if d, _ := utf8.DecodeRuneInString(text[j+m:]); isWordRune(d) && j > i {
				j += m
				continue
			}
		}
		break
	}
	return j
}

// isWordRune reports whether r belongs to a word: a letter (but not a
// Hangul filler, which renders blank: scan.Blank), a digit or '_'.
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiWord[r]
	}
	return (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_') && !scan.Blank(r)
}

// bulletStart reports whether trimmed line t starts a list item.
func bulletStart(t string) bool {
	if len(t) >= 2 && (t[0] == '-' || t[0] == '*' || t[0] == '+') && t[1] == ' ' {
		return true
	}
	n := 0
	for n < len(t) && t[n] >= '0' && t[n] <= '9' {
		n++
	}
	return n > 0 && n+1 < len(t) && (t[n] == '.' || t[n] == ')') && t[n+1] == ' '
}

// headingLine reports whether the line ending at newline offset nl is a
// Markdown heading.
func headingLine(text string, nl int) bool {
	start := strings.LastIndexByte(text[:nl], '\n') + 1
	return strings.HasPrefix(strings.TrimSpace(text[start:nl]), "#")
}

// sentences splits tokens at breaks; the breaks are dropped.
func sentences(toks []token) [][]token {
	var out [][]token
	start := 0
	for i, t := range toks {
		if t.Kind == tBreak {
			if i > start {
				out = append(out, toks[start:i])
			}
			start = i + 1
		}
	}
	if start < len(toks) {
		out = append(out, toks[start:])
	}
	return out
}

// posIn returns the position of byte offset off of text, which starts on
// line first of file; columns count code points from 1.
func posIn(file, text string, first, off int) diag.Pos {
	off = min(max(off, 0), len(text))
	line := first + strings.Count(text[:off], "\n")
	start := strings.LastIndexByte(text[:off], '\n') + 1
	return diag.Pos{File: file, Line: line, Col: utf8.RuneCountInString(text[start:off]) + 1}
}

// posCursor turns offsets of a template's text that never go backwards
// into positions, counting only the text since the previous offset: posIn
// counts from the start each time, which for thousands of findings on one
// long line is quadratic.
type posCursor struct {
	file, text string
	off        int // the offset of line and col
	line, col  int
	first      int
}

func newPosCursor(file, text string, first int) *posCursor {
	return &posCursor{file: file, text: text, line: first, col: 1, first: first}
}

// pos returns the position of off, as posIn does.
func (c *posCursor) pos(off int) diag.Pos {
	off = min(max(off, 0), len(c.text))
	if off < c.off {
		c.off, c.line, c.col = 0, c.first, 1 // backwards: count again from the start
	}
	seg := c.text[c.off:off]
	if i := strings.LastIndexByte(seg, '\n'); i >= 0 {
		c.line += strings.Count(seg, "\n")
		c.col, seg = 1, seg[i+1:]
	}
	c.col += utf8.RuneCountInString(seg)
	c.off = off
	return diag.Pos{File: c.file, Line: c.line, Col: c.col}
}

// asciiWord marks the ASCII characters isWordRune takes: letters, digits
// and '_'.
var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		r := rune(c)
		t[c] = unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_'
	}
	return t
}()

// lowerWord returns w in lower case with ’ as ': a word of ASCII (most)
// without the search for ’, and as it is when it has no capital.
func lowerWord(w string) string {
	upper := false
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= utf8.RuneSelf {
			return strings.ReplaceAll(strings.ToLower(w), "’", "'")
		}
		upper = upper || 'A' <= c && c <= 'Z'
	}
	if !upper {
		return w
	}
	return strings.ToLower(w)
}
