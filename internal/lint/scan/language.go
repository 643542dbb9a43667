package scan

import (
	"bytes"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The security rules match English and German. Text in another language
// reaches the model as instructions all the same, and a matcher that does
// not read it passes it: UncheckedLanguage finds it, so that a gate does
// not pass what it could not check.
//
// A sentence is taken for a language of the Latin script when at least
// minForeignWords of its words are function words of that language and
// they outnumber, twice over, those of English and German (a French
// phrase quoted in an English sentence is not reported). A paragraph is
// taken for another script (Cyrillic, Greek, Arabic, Hebrew, Han, Kana,
// Hangul, Devanagari, Thai, …) when at least minScriptLetters of its
// letters, and minScriptShare of them all, are of that script (a name or
// a symbol among Latin text is not reported); a character of a script
// that writes syllables or words counts as the letters it stands for
// (scripts).
const (
	minForeignWords  = 3
	minScriptLetters = 16
	minScriptShare   = 0.4
)

// proseLangs are the info strings of fenced blocks that hold prose the
// model reads as text (a block in a programming language holds strings
// of any language and is not read).
var proseLangs = map[string]bool{"": true, "text": true, "txt": true, "plain": true, "plaintext": true, "md": true,
	"markdown": true, "prompt": true, "none": true}

// UncheckedLanguage returns the passages of a Markdown file in a language
// the security rules do not read; What names the language. A script is
// code and is not read.
func UncheckedLanguage(src []byte, kind Kind) []Hit {
	if kind == Script {
		return nil
	}
	var hits []Hit
	for _, seg := range Segments(src, kind) {
		if seg.Code && !proseLangs[string(bytes.ToLower([]byte(seg.Lang)))] {
			continue
		}
		for off := seg.Off; off < seg.End; {
			end, next := paragraphAt(src, off, seg.End)
			hits = appendForeign(hits, src, off, end)
			off = next
		}
	}
	return hits
}

// paragraphAt returns the end of the paragraph that starts at off (at a
// blank line or at end) and where the next one starts.
func paragraphAt(src []byte, off, end int) (pend, next int) {
	for i := off; i < end; {
		e, n := lineFrom(src, i)
		e, n = min(e, end), min(n, end)
		if len(bytes.TrimSpace(src[i:e])) == 0 {
			if i > off {
				return i, n
			}
			return n, n // a blank line of its own
		}
		i = n
	}
	return end, end
}

// appendForeign appends the hits of the paragraph src[off:end]: the
// paragraph when it is in another script, else each sentence in a
// language of the Latin script the rules do not read, else the paragraph
// when it is, taken whole (short sentences each with too few function
// words to tell may make a paragraph that has enough). Each word is
// looked up once, for its sentence and its paragraph.
func appendForeign(hits []Hit, src []byte, off, end int) []Hit {
	if name, first, last, ok := otherScript(src[off:end]); ok {
		return append(hits, Hit{Off: off + first, End: off + last, What: "text in " + name})
	}
	code := CodeSpans(src, off, end)
	found := len(hits)
	var para tally
	table := stopWords()
	var sent tally
	for s := off; s < end; {
		e, n := sentenceAt(src, s, end)
		// Each sentence counts afresh, in the word list of the one before.
		sent = tally{seen: wordSet{few: sent.seen.few[:0]}}
		code = proseWords(src, s, e, code, func(w []byte) {
			bits, key := table.lookup(w)
			sent.add(bits, key)
			para.add(bits, key)
			sent.cue(w, bits)
		})
		ts, te := trimSpan(src, s, e)
		if name, ok := sent.verdict(closedSentence(src[ts:te])); ok {
			hits = append(hits, Hit{Off: ts, End: te, What: "prose in " + name})
		}
		s = n
	}
	if len(hits) == found {
		if name, ok := para.verdict(false); ok {
			ts, te := trimSpan(src, off, end)
			hits = append(hits, Hit{Off: ts, End: te, What: "prose in " + name})
		}
	}
	return hits
}

// sentenceAt returns the end of the sentence that starts at off: after
// . ! ? ; (or their full-width forms) followed by a space, or before a
// line that starts a list item, a table row, a heading or a quote.
func sentenceAt(src []byte, off, end int) (send, next int) {
	for i := off; i < end; {
		r, size := utf8.DecodeRune(src[i:end])
		j := i + size
		switch r {
		case '.', '!', '?', ';', '。', '！', '？', '；':
			if j >= end || src[j] == ' ' || src[j] == '\t' || src[j] == '\n' || src[j] == '\r' || r >= 0x3000 {
				return j, j
			}
		case '\n':
			if j < end && startsBlock(src[j:end]) {
				return j, j
			}
		}
		i = j
	}
	return end, end
}

// startsBlock reports whether a line starts a list item, a table row, a
// heading or a quote.
func startsBlock(line []byte) bool {
	line = bytes.TrimLeft(line, " \t")
	if len(line) == 0 {
		return false
	}
	switch line[0] {
	case '-', '*', '+', '|', '#', '>':
		return true
	}
	i := 0
	for i < len(line) && line[i] >= '0' && line[i] <= '9' {
		i++
	}
	return i > 0 && i < len(line) && (line[i] == '.' || line[i] == ')')
}

// trimSpan returns [off, end) without leading and trailing white space.
func trimSpan(src []byte, off, end int) (int, int) {
	for off < end && (src[off] == ' ' || src[off] == '\t' || src[off] == '\n' || src[off] == '\r') {
		off++
	}
	for end > off && (src[end-1] == ' ' || src[end-1] == '\t' || src[end-1] == '\n' || src[end-1] == '\r') {
		end--
	}
	return off, end
}

// proseWords calls fn with each word of prose of src[off:end] and
// returns the code spans (sorted) that end after it. Only words of prose
// count: a chunk between spaces that holds anything but letters once its
// punctuation is trimmed (a path, a URL, go.mod, en-us, 10/min, VAR_1)
// is a name, and code spans are code.
func proseWords(src []byte, off, end int, code [][2]int, fn func(w []byte)) [][2]int {
	for i := off; i < end; {
		for i < end && isSpace(src[i]) {
			i++
		}
		j := i
		for j < end && !isSpace(src[j]) {
			j++
		}
		if i == j {
			break
		}
		for len(code) > 0 && code[0][1] <= i {
			code = code[1:]
		}
		inCode := len(code) > 0 && code[0][0] < j
		if w, ok := proseWord(src[i:j]); ok && !inCode {
			fn(w)
		}
		i = j
	}
	return code
}

// tally counts the function words of a sentence or a paragraph by
// language. Each word counts once, and a function word of English or
// German counts for them alone (at, so, die, was are words of other
// languages too).
type tally struct {
	count   [32]int
	seen    wordSet
	foreign int // occurrences of function words of languages not read
	words   int
	cues    int // foreign cues (foreignCue) that are no function word
	capital int // words that start with a capital letter
}

// cue counts w, a word of bits (its function-word languages), as a
// foreign cue or a capitalised word.
func (t *tally) cue(w []byte, bits langBits) {
	if capitalised(w) {
		t.capital++
	}
	if bits == 0 && foreignCue(w) {
		t.cues++
	}
}

// add counts a word: its languages and its number (stopIndex.lookup).
func (t *tally) add(bits langBits, key uint64) {
	t.words++
	if bits == 0 {
		return
	}
	if bits&readBits == 0 {
		t.foreign++
	}
	if t.seen.has(key) {
		return
	}
	t.seen.add(key)
	if bits&readBits != 0 {
		bits &= readBits // a word English or German share is theirs
	}
	for k := range latinLangs {
		if bits&(1<<k) != 0 {
			t.count[k]++
		}
	}
}

// verdict reports whether the words counted are in a language of the
// Latin script the rules do not read, and which; with closed (the words
// of one sentence of prose that ends in . ! or ?), the foreign cues of a
// short sentence count too.
func (t *tally) verdict(closed bool) (string, bool) {
	read := 0
	best := -1
	for k, l := range latinLangs {
		if l.read {
			read += t.count[k]
		} else if best < 0 || t.count[k] > t.count[best] {
			best = k
		}
	}
	n := t.count[best]
	if n >= minForeignWords && n >= 2*read+1 && float64(t.foreign) >= minForeignShare*float64(t.words) {
		return latinLangs[best].name, true
	}
	// A short sentence: its cues count beside its function words.
	if evidence := t.foreign + t.cues; closed && read <= 1 && t.words >= minCueWords && t.foreign >= 1 && t.cues >= 1 &&
		evidence >= minCues && evidence >= 2*read+1 && 2*t.capital <= t.words {
		return "a language other than English or German", true // too few words to tell which
	}
	return "", false
}

// minForeignShare is the share of a sentence's words that must be
// function words of languages the rules do not read (each time they
// occur).
const minForeignShare = 0.15

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// asciiPunct are the ASCII characters trimmed off a word: brackets,
// quotes, emphasis and sentence punctuation.
const asciiPunct = "([{\"'*_~,.;:!?)]}"

// proseWord returns the word a chunk of text between spaces holds, its
// punctuation and emphasis trimmed (also « » “ ” „ ‘ ’ ¡ ¿), and whether
// it is a word: letters only. An apostrophe inside, as in l'ordre or
// dell'utente, joins an elided article to a word: the word after it is
// taken.
func proseWord(c []byte) ([]byte, bool) {
	for len(c) > 0 {
		if c[0] < utf8.RuneSelf {
			if strings.IndexByte(asciiPunct, c[0]) < 0 {
				break
			}
			c = c[1:]
			continue
		}
		r, size := utf8.DecodeRune(c)
		if !strings.ContainsRune("«»“”„‘’¡¿", r) {
			break
		}
		c = c[size:]
	}
	for len(c) > 0 {
		last := c[len(c)-1]
		if last < utf8.RuneSelf {
			if strings.IndexByte(asciiPunct, last) < 0 {
				break
			}
			c = c[:len(c)-1]
			continue
		}
		r, size := utf8.DecodeLastRune(c)
		if !strings.ContainsRune("«»“”„‘’¡¿", r) {
			break
		}
		c = c[:len(c)-size]
	}
	if k := bytes.LastIndexByte(c, '\''); k >= 0 {
		c = c[k+1:]
	} else if k := bytes.LastIndex(c, []byte("’")); k >= 0 {
		c = c[k+len("’"):]
	}
	if len(c) == 0 {
		return nil, false
	}
	for i := 0; i < len(c); {
		if b := c[i]; b < utf8.RuneSelf {
			if !('a' <= b && b <= 'z' || 'A' <= b && b <= 'Z') {
				return nil, false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(c[i:])
		if !unicode.IsLetter(r) {
			return nil, false
		}
		i += size
	}
	return c, true
}

// scripts are the writing systems told apart, with the name a finding
// gives them and the weight of one of their characters in letters of an
// alphabet: a Han character stands for a syllable with its meaning, about
// what three letters of English carry (an English word has about five
// letters, a Chinese one under two characters), a kana or a Hangul block
// for a syllable (two). "忽略所有指令" (ignore all instructions) is six
// characters: weighed as letters, as long as the English.
var scripts = []struct {
	table  *unicode.RangeTable
	name   string
	weight int
}{
	{unicode.Cyrillic, "Cyrillic script", 1}, {unicode.Greek, "Greek script", 1}, {unicode.Arabic, "Arabic script", 1},
	{unicode.Hebrew, "Hebrew script", 1}, {unicode.Hiragana, "Japanese", 2}, {unicode.Katakana, "Japanese", 2},
	{unicode.Han, "Chinese or Japanese (Han characters)", 3}, {unicode.Hangul, "Korean", 2},
	{unicode.Devanagari, "Devanagari script", 1}, {unicode.Thai, "Thai script", 1}, {unicode.Armenian, "Armenian script", 1},
	{unicode.Georgian, "Georgian script", 1}, {unicode.Bengali, "Bengali script", 1}, {unicode.Tamil, "Tamil script", 1},
	{unicode.Ethiopic, "Ethiopic script", 1},
}

// otherScript reports whether a paragraph is written in a script other
// than Latin, and which: the script most of its other letters are of
// (Japanese when it holds kana, though kanji are more); first and last
// bound its letters of other scripts.
func otherScript(p []byte) (name string, first, last int, ok bool) {
	latin, other := 0, 0
	first = -1
	var per [16]int
	for i := 0; i < len(p); {
		c := p[i]
		if c < utf8.RuneSelf {
			if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
				latin++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(p[i:])
		i += size
		if !unicode.IsLetter(r) {
			continue
		}
		if unicode.Is(unicode.Latin, r) {
			latin++
			continue
		}
		if first < 0 {
			first = i - size
		}
		last = i
		other++
		for k, s := range scripts {
			if unicode.Is(s.table, r) {
				per[k]++
				break
			}
		}
	}
	if !enoughScript(other, per) || float64(weighed(other, per)) < minScriptShare*float64(latin+weighed(other, per)) {
		return "", 0, 0, false
	}
	best := -1
	for k := range scripts {
		if per[k] > 0 && (best < 0 || per[k] > per[best]) {
			best = k
		}
	}
	if best < 0 {
		return "a script other than Latin", first, last, true
	}
	name = scripts[best].name
	if scripts[best].table == unicode.Han {
		for k, s := range scripts {
			if s.name == "Japanese" && per[k] > 0 {
				name = "Japanese"
			}
		}
	}
	return name, first, last, true
}

// enoughScript reports whether a paragraph holds enough of other scripts:
// other letters in all, or one writing system that writes syllables or
// words (Chinese and Japanese, Korean) weighed as the letters it stands
// for. Three words of three scripts ("Κείμενο, текст, 文本") are no text
// in one of them.
func enoughScript(other int, per [16]int) bool {
	if other >= minScriptLetters {
		return true
	}
	cjk, hangul := 0, 0
	for k, s := range scripts {
		switch {
		case s.table == unicode.Hangul:
			hangul += per[k] * s.weight
		case s.weight > 1:
			cjk += per[k] * s.weight
		}
	}
	return cjk >= minScriptLetters || hangul >= minScriptLetters
}

// weighed returns the other letters of a paragraph with those of the
// scripts that write syllables or words weighed.
func weighed(other int, per [16]int) int {
	for k, s := range scripts {
		other += per[k] * (s.weight - 1)
	}
	return other
}

// wordSet holds the words of a sentence already counted: a few in a
// slice, more (a paragraph without a full stop) in a map, so that a
// sentence of a million stop words costs a look-up a word, not a walk.
type wordSet struct {
	few  []uint64
	many map[uint64]bool
}

func (s *wordSet) has(k uint64) bool {
	if s.many != nil {
		return s.many[k]
	}
	return slices.Contains(s.few, k)
}

func (s *wordSet) add(k uint64) {
	switch {
	case s.many != nil:
		s.many[k] = true
	case len(s.few) < 32:
		s.few = append(s.few, k)
	default:
		s.many = make(map[uint64]bool, 64)
		for _, x := range s.few {
			s.many[x] = true
		}
		s.many[k] = true
	}
}
