package scan

import (
	"bytes"
	"html"
	"sort"
	"unicode"
	"unicode/utf8"
)

// Reading is a file's text as a model reads it past the disguises that
// keep a word from a matcher: characters no one sees (zero-width spaces,
// soft hyphens, Unicode tags) are dropped; letters that imitate ASCII
// ones (a Cyrillic о, fullwidth Ｉ) are read as those; HTML character
// references (&#73;, &amp;) are decoded; HTML tags and comments, and
// emphasis and code markers inside a word (Ig*nore*), are dropped; and a
// word spelled out in single letters (I g n o r e) is joined. Text keeps
// everything else byte for byte, and Span maps a range of Text back to
// the file.
type Reading struct {
	Text []byte
	// At holds the offsets in the file where a disguise starts, in order:
	// a change inside or next to a word. A tag or a character reference
	// between spaces (<br>, &amp;) changes the text but hides no word.
	At []int
	// from[i] and to[i] are the bytes of the file that byte i of Text
	// comes from.
	from, to []int32
}

// maxEntity bounds an HTML character reference (&CounterClockwiseContourIntegral; is 33).
const maxEntity = 40

// maxInlineTag bounds an HTML tag or comment dropped from the reading.
const maxInlineTag = 256

// ReadingOf returns the reading of src, and whether it differs from src
// (when not, a detector has nothing more to find in it, and Text is
// empty). One pass, linear in src; nothing is copied until the first
// disguise.
func ReadingOf(src []byte) (*Reading, bool) {
	r := &reading{src: src}
	var buf [utf8.UTFMax]byte
	for i := 0; i < len(src); {
		c, n := rune(src[i]), 1
		if c >= utf8.RuneSelf {
			c, n = utf8.DecodeRune(src[i:])
		} else if !watchedASCII[c] || i > 0 && isASCIILetter(byte(c)) && inWord(src[i-1]) {
			// A letter inside a word starts no disguise (a spelled-out
			// word starts after a non-word byte) and is its own reading.
			if r.changed {
				r.emit(src[i:i+1], i, i+1)
			}
			i++
			continue
		}
		if m := r.disguise(i, c, n); m > 0 {
			i += m
			continue
		}
		if a := asciiOf(c); a != 0 {
			r.change(i, inWordAt(src, i, i+n))
			r.emit(buf[:utf8.EncodeRune(buf[:], a)], i, i+n)
		} else if r.changed {
			r.emit(src[i:i+n], i, i+n)
		}
		i += n
	}
	return &r.Reading, r.changed
}

// disguise reads the disguise that starts at src[i] with character c of n
// bytes, if any: an invisible character, a character reference, markup,
// or a spelled-out word. It returns the bytes read, 0 for none.
func (r *reading) disguise(i int, c rune, n int) int {
	src := r.src
	switch {
	case c == utf8.RuneError && n <= 1:
	case invisible(c):
		r.change(i, inWordAt(src, i, i+n))
		return n
	case c == '&':
		if d, m := entityAt(src[i:]); m > 0 {
			dr, _ := utf8.DecodeRuneInString(d)
			r.change(i, unicode.IsLetter(dr) || unicode.IsDigit(dr) || inWordAt(src, i, i+m))
			r.emit([]byte(d), i, i+m)
			return m
		}
	case c == '*' || c == '~' || c == '`' || c == '<':
		if m := markupInWord(src, i); m > 0 {
			r.change(i, inWordAt(src, i, i+m))
			return m
		}
	case c < utf8.RuneSelf && isASCIILetter(byte(c)) && (i == 0 || !inWord(src[i-1])):
		if end := spelledRun(src, i); end > 0 {
			r.change(i, true)
			for k := i; k < end; k += 2 {
				r.emit(src[k:k+1], k, k+1)
			}
			return end - i
		}
	}
	return 0
}

// invisible reports whether c is drawn as nothing: a format character
// (zero-width space, soft hyphen, Unicode tag) or a variation selector.
func invisible(c rune) bool {
	return c >= utf8.RuneSelf && unicode.Is(unicode.Cf, c) || c == '\u034f' || c >= 0xfe00 && c <= 0xfe0f || c >= 0xe0100 && c <= 0xe01ef
}

// reading is ReadingOf's state.
type reading struct {
	Reading
	src     []byte
	changed bool
}

// change notes a change of the text at src[i], a disguise when it can
// hide a word (At): the text before it is copied as it is, once.
func (r *reading) change(i int, disguise bool) {
	if disguise {
		r.At = append(r.At, i)
	}
	if r.changed {
		return
	}
	r.changed = true
	r.Text = append(make([]byte, 0, len(r.src)), r.src[:i]...)
	r.from, r.to = make([]int32, i, len(r.src)), make([]int32, i, len(r.src))
	for k := range i {
		r.from[k], r.to[k] = int32(k), int32(k+1)
	}
}

// emit appends b, read from src[off:end].
func (r *reading) emit(b []byte, off, end int) {
	for _, c := range b {
		r.Text = append(r.Text, c)
		r.from = append(r.from, int32(off))
		r.to = append(r.to, int32(end))
	}
}

// Span returns the bytes of the file that Text[off:end] was read from.
func (r *Reading) Span(off, end int) (int, int) {
	if len(r.Text) == 0 {
		return 0, 0
	}
	off = max(0, min(off, len(r.Text)-1))
	end = max(off+1, min(end, len(r.Text)))
	return int(r.from[off]), int(r.to[end-1])
}

// entityAt decodes the HTML character reference at the start of s:
// the text it stands for and its length, or 0 when s starts with none.
func entityAt(s []byte) (string, int) {
	end := 1
	for end < len(s) && end <= maxEntity && s[end] != ';' {
		c := s[end]
		if !(c == '#' && end == 1 || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return "", 0
		}
		end++
	}
	if end >= len(s) || s[end] != ';' || end < 2 {
		return "", 0
	}
	ref := string(s[:end+1])
	d := html.UnescapeString(ref)
	if d == ref {
		return "", 0
	}
	return d, end + 1
}

// markupInWord returns the length of the HTML tag or comment at src[i]
// (a model reads past them as a browser does), or of the emphasis or code
// markers (*, ~, `) there when they stand between two letters; 0 when
// src[i] starts neither. An underscore inside a word is no emphasis in
// Markdown (snake_case), so it stays.
func markupInWord(src []byte, i int) int {
	s := src[i:]
	if s[0] == '<' {
		closing := ">"
		if len(s) > 3 && string(s[:4]) == "<!--" {
			closing = "-->"
		} else if len(s) < 3 || !(s[1] == '/' && isASCIILetter(s[2]) || isASCIILetter(s[1])) {
			return 0
		}
		for k := 1; k+len(closing) <= len(s) && k < maxInlineTag; k++ {
			if s[k] == '\n' || s[k] == '<' {
				return 0
			}
			if string(s[k:k+len(closing)]) == closing {
				return k + len(closing)
			}
		}
		return 0
	}
	if !letterBefore(src, i) {
		return 0
	}
	m := 0
	for m < len(s) && (s[m] == '*' || s[m] == '~' || s[m] == '`') {
		m++
	}
	if m >= len(s) {
		return 0
	}
	next, _ := utf8.DecodeRune(s[m:])
	if !unicode.IsLetter(next) {
		return 0
	}
	return m
}

// minSpelled is the fewest letters of a word spelled out one by one
// that are joined ("I g n o r e"); "e.g." and "U.S.A." are shorter.
const minSpelled = 4

// spelledRun returns the end of a word spelled out in single ASCII
// letters from src[i] on, each followed by the same separator (a space,
// '-' or '.') but the last: "I g n o r e", "I-g-n-o-r-e". 0 when src[i]
// starts none of at least minSpelled letters.
func spelledRun(src []byte, i int) int {
	if letterBefore(src, i) || i > 0 && src[i-1] >= '0' && src[i-1] <= '9' {
		return 0
	}
	single := func(k int) bool {
		return k < len(src) && isASCIILetter(src[k]) && (k+1 == len(src) || !inWord(src[k+1]))
	}
	if !single(i) || i+1 >= len(src) {
		return 0
	}
	sep := src[i+1]
	if sep != ' ' && sep != '-' && sep != '.' {
		return 0
	}
	n, k := 1, i
	for k+2 < len(src) && src[k+1] == sep && single(k+2) {
		k += 2
		n++
	}
	if n < minSpelled {
		return 0
	}
	return k + 1
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// inWord reports whether c may belong to a word: an ASCII letter, digit
// or '_', or a byte of a character beyond ASCII.
func inWord(c byte) bool { return isWordByte(c) || c >= utf8.RuneSelf }

// letterBefore reports whether src[:i] ends in a letter.
func letterBefore(src []byte, i int) bool {
	r, _ := utf8.DecodeLastRune(src[:i])
	return r != utf8.RuneError && unicode.IsLetter(r)
}

// Disguised returns the paragraphs of src (stretches between blank lines)
// that hold a disguise (At), as ranges of Text, in order; src is the file
// r was read from.
func (r *Reading) Disguised(src []byte) [][2]int {
	var out [][2]int
	end := -1 // the end in src of the last paragraph
	for _, i := range r.At {
		if i < end {
			continue
		}
		start := bytes.LastIndex(src[:i], []byte("\n\n")) + 1
		if start > 0 {
			start++ // after the blank line
		}
		end = len(src)
		if k := bytes.Index(src[i:], []byte("\n\n")); k >= 0 {
			end = i + k + 1
		}
		out = append(out, [2]int{r.index(start), r.index(end)})
	}
	return out
}

// index returns the first byte of Text read from src[off] or after it.
func (r *Reading) index(off int) int {
	return sort.Search(len(r.from), func(k int) bool { return int(r.from[k]) >= off })
}

// inWordAt reports whether src[i:j] touches a letter on either side.
func inWordAt(src []byte, i, j int) bool {
	if letterBefore(src, i) {
		return true
	}
	r, _ := utf8.DecodeRune(src[j:])
	return unicode.IsLetter(r)
}

// watchedASCII marks the ASCII characters ReadingOf looks at: '&', the
// markers, '<' and the letters; it copies any other as it is.
var watchedASCII = func() (t [utf8.RuneSelf]bool) {
	for _, c := range "&*~`<" {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	return t
}()
