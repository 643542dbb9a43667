package scan

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// HiddenUnicode finds the characters that change what a text says
// without being seen: bidirectional controls (U+202A–U+202E,
// U+2066–U+2069, the "Trojan Source" reordering), zero-width characters
// (U+200B–U+200D, U+2060, U+FEFF past the first byte) and Unicode tag
// characters (U+E0000–U+E007F, invisible ASCII), and the control
// characters a terminal acts on (ESC sequences, backspace, C1). A run of
// them is one Hit; tag characters are decoded into the ASCII they spell.
//
// Left alone are the uses that writing systems and emoji need: a
// zero-width joiner or non-joiner between letters of a script that joins
// (Arabic, Indic, …) or between emoji, and the tag sequence of a flag
// emoji (U+1F3F4 followed by tag letters and U+E007F).
func HiddenUnicode(src []byte) []Hit {
	var c collector
	var prev rune
	for i := 0; i < len(src); {
		b := src[i]
		if plainASCII[b] {
			prev = rune(b)
			i++
			continue
		}
		if b < 0xE2 && b >= utf8.RuneSelf && !(b == 0xC2 && i+1 < len(src) && src[i+1] < 0xA0) {
			// No hidden character starts here but C1 controls (C2 80 to
			// C2 9F) and those from U+2000 (E2 80 80) on.
			r, n := utf8.DecodeRune(src[i:])
			prev = r
			i += n
			continue
		}
		if n := controlRun(src, i); n > 0 {
			c.add(Hit{Off: i, End: i + n, What: fmt.Sprintf("%s (%s)", kindControl, codePoints(controls(src[i:i+n])))})
			prev = 0
			i += n
			continue
		}
		r, n := utf8.DecodeRune(src[i:])
		k := hiddenKind(r, i)
		if k == "" {
			prev = r
			i += n
			continue
		}
		// A run of hidden characters.
		start := i
		var kinds []string
		var tags strings.Builder
		j := i
		last := prev
		for j < len(src) {
			r2, n2 := utf8.DecodeRune(src[j:])
			k2 := hiddenKind(r2, j)
			if k2 == "" {
				break
			}
			if !contains(kinds, k2) {
				kinds = append(kinds, k2)
			}
			if k2 == kindTag && r2 >= 0xE0020 && r2 <= 0xE007E {
				tags.WriteRune(r2 - 0xE0000)
			}
			last = r2
			j += n2
		}
		var next rune
		if j < len(src) {
			next, _ = utf8.DecodeRune(src[j:])
		}
		if !legitimate(src[start:j], prev, next) {
			what := fmt.Sprintf("hidden %s (%s)", strings.Join(kinds, ", "), codePoints(src[start:j]))
			if tags.Len() > 0 {
				what += fmt.Sprintf(" that spell %q", clip(tags.String(), 80))
			}
			c.add(Hit{Off: start, End: j, What: what})
		}
		prev = last
		i = j
	}
	return c.result()
}

// plainASCII marks the bytes that are a character of their own and never
// hidden: printable ASCII, tab, line feed and carriage return.
var plainASCII = func() (t [256]bool) {
	for b := 0x20; b < 0x7F; b++ {
		t[b] = true
	}
	t['\t'], t['\n'], t['\r'] = true, true, true
	return t
}()

// The kinds of hidden character, as messages name them.
const (
	kindBidi  = "bidirectional control"
	kindZW    = "zero-width character"
	kindTag   = "Unicode tag character"
	kindBOM   = "byte order mark inside the text"
	kindOther = "invisible format character"
	// kindControl: a terminal acts on it (ESC[8m hides the text after it,
	// a backspace rubs out a letter), so git diff, cat and lore prompt
	// show do not show what the model reads.
	kindControl = "hidden terminal control character"
)

// controlRun returns the length of the control characters at src[i] —
// C0 controls but tab, line feed and carriage return, DEL, C1 controls —
// with the escape sequences they open (CSI ESC[…m, OSC ESC]…BEL), or 0.
func controlRun(src []byte, i int) int {
	j := i
	for j < len(src) {
		b := src[j]
		switch {
		case b == 0x1B && j+1 < len(src) && src[j+1] == '[':
			j = csiEnd(src, j+2)
		case b == 0xC2 && j+1 < len(src) && src[j+1] == 0x9B:
			j = csiEnd(src, j+2)
		case b == 0x1B && j+1 < len(src) && src[j+1] == ']':
			j = oscEnd(src, j+2)
		case b < 0x20 && b != '\n' && b != '\t' && b != '\r' || b == 0x7F:
			j++
		case b == 0xC2 && j+1 < len(src) && src[j+1] >= 0x80 && src[j+1] < 0xA0:
			j += 2
		default:
			return j - i
		}
	}
	return j - i
}

// controls returns the control characters of a run, without the text of
// the sequences they open.
func controls(run []byte) []byte {
	var out []byte
	for _, r := range string(run) {
		if r < 0x20 || r >= 0x7F && r < 0xA0 {
			out = utf8.AppendRune(out, r)
		}
	}
	return out
}

// csiEnd returns where the control sequence whose parameters start at j
// ends: after its parameter and intermediate bytes and its final byte.
func csiEnd(src []byte, j int) int {
	for k := j; k < len(src) && k < j+64; k++ {
		switch c := src[k]; {
		case c >= 0x20 && c <= 0x3F:
		case c >= 0x40 && c <= 0x7E:
			return k + 1
		default:
			return k
		}
	}
	return j
}

// oscEnd returns where the operating system command whose text starts at
// j ends: after its BEL or ESC \ (at most 256 bytes on, else at j).
func oscEnd(src []byte, j int) int {
	for k := j; k < len(src) && k < j+256; k++ {
		switch src[k] {
		case 0x07:
			return k + 1
		case 0x1B:
			if k+1 < len(src) && src[k+1] == '\\' {
				return k + 2
			}
			return k
		case '\n':
			return k
		}
	}
	return j
}

func hiddenKind(r rune, off int) string {
	switch {
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return kindBidi
	case r >= 0x200B && r <= 0x200D, r == 0x2060:
		return kindZW
	case r == 0xFEFF:
		if off == 0 {
			return ""
		}
		return kindBOM
	case r >= 0xE0000 && r <= 0xE007F:
		return kindTag
	case r >= 0x2061 && r <= 0x2064: // invisible operators
		return kindOther
	}
	return ""
}

// legitimate reports whether run, a run of hidden characters between
// prev and next, is one that a writing system or emoji needs.
func legitimate(run []byte, prev, next rune) bool {
	s := string(run)
	switch s {
	case "\u200d", "\u200c":
		if joining(prev) && joining(next) {
			return true
		}
		if s == "\u200d" && emoji(prev) && emoji(next) {
			return true
		}
	}
	// Flag emoji: U+1F3F4, tag letters or digits, U+E007F.
	if prev == 0x1F3F4 && strings.HasSuffix(s, "\U000E007F") {
		body := []rune(strings.TrimSuffix(s, "\U000E007F"))
		if len(body) >= 2 && len(body) <= 7 {
			for _, r := range body {
				if !(r >= 0xE0061 && r <= 0xE007A || r >= 0xE0030 && r <= 0xE0039) {
					return false
				}
			}
			return true
		}
	}
	return false
}

// joining reports whether r is a letter or mark of a script that uses
// zero-width joiners and non-joiners in ordinary text.
func joining(r rune) bool {
	for _, t := range []*unicode.RangeTable{unicode.Arabic, unicode.Syriac, unicode.Devanagari, unicode.Bengali,
		unicode.Gurmukhi, unicode.Gujarati, unicode.Oriya, unicode.Tamil, unicode.Telugu, unicode.Kannada,
		unicode.Malayalam, unicode.Sinhala, unicode.Khmer, unicode.Myanmar, unicode.Mongolian, unicode.Hebrew,
		unicode.Tibetan, unicode.Nko} {
		if unicode.Is(t, r) {
			return true
		}
	}
	return false
}

// emoji reports whether r can stand in an emoji ZWJ sequence.
func emoji(r rune) bool {
	return unicode.Is(unicode.So, r) || r == 0xFE0F || r >= 0x1F3FB && r <= 0x1F3FF || r >= 0x1F000 && r <= 0x1FAFF ||
		r >= 0x2600 && r <= 0x27BF
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// codePoints names the code points of run: "U+202E" or "U+200B ×12".
func codePoints(run []byte) string {
	var parts []string
	var last rune = -1
	count := 0
	flush := func() {
		if last < 0 {
			return
		}
		p := fmt.Sprintf("U+%04X", last)
		if count > 1 {
			p += fmt.Sprintf(" ×%d", count)
		}
		parts = append(parts, p)
	}
	for _, r := range string(run) {
		if r == last {
			count++
			continue
		}
		flush()
		last, count = r, 1
		if len(parts) == 8 {
			parts = append(parts, "…")
			last = -1
			break
		}
	}
	flush()
	return strings.Join(parts, " ")
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

// Blank reports whether r renders as blank space without being Unicode
// white space: the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0, letters
// to Unicode) and the blank Braille pattern (U+2800, a symbol). Set
// between words they read as spaces to a person and to an agent, so a
// scanner that splits words must split there too, and a run of them
// pads a line like spaces.
func Blank(r rune) bool {
	return r == 0x115F || r == 0x1160 || r == 0x3164 || r == 0xFFA0 || r == 0x2800
}
