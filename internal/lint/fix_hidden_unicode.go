package lint

import (
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/lorekit/lore/internal/diag"
)

// HiddenUnicodeRule is the rule id under which lore lint --fix reports the
// hidden characters it removes.
const HiddenUnicodeRule = "security/hidden-unicode"

// hiddenRune reports whether r is invisible in an editor yet read by a
// model: bidirectional controls, zero-width characters and tag
// characters.
func hiddenRune(r rune) bool {
	switch {
	case r == 0x061C, r == 0x200E, r == 0x200F, r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return true // bidirectional controls
	case r == 0x200B, r == 0x200C, r == 0x200D, r >= 0x2060 && r <= 0x2064, r == 0xFEFF, r == 0x180E:
		return true // zero-width and invisible operators
	case r >= 0xE0000 && r <= 0xE007F:
		return true // tag characters
	}
	return false
}

// pictographic reports whether r is an emoji base that joins in ZWJ
// sequences.
func pictographic(r rune) bool {
	return r >= 0x1F000 && r <= 0x1FAFF || r >= 0x2600 && r <= 0x27BF || r == 0x2764
}

// joins reports whether a joiner between prev and next is text, not a
// hiding place: ZWJ inside an emoji sequence (👩‍💻), ZWJ and ZWNJ between two
// letters of a script that shapes with them (Persian, Devanagari …).
func joins(r, prev, next rune) bool {
	if r != 0x200D && r != 0x200C {
		return false
	}
	if r == 0x200D && pictographic(prev) && pictographic(next) {
		return true
	}
	shaping := func(c rune) bool {
		return c > unicode.MaxLatin1 && (unicode.IsLetter(c) || unicode.IsMark(c)) && !unicode.In(c, unicode.Latin, unicode.Greek, unicode.Cyrillic)
	}
	return shaping(prev) && shaping(next)
}

// HiddenUnicodeFixes returns one finding with its fix for each run of
// hidden characters in src (file): the fix removes the run. Emoji tag
// sequences (🏴 + tags + U+E007F, the flags of regions), joiners that
// shape text and a byte order mark at the very start are kept.
func HiddenUnicodeFixes(file string, src []byte) diag.List {
	var out diag.List
	line, col := 1, 1
	prev := rune(-1)
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if !hiddenRune(r) || r == 0xFEFF && i == 0 {
			if r == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
			if r != 0xFE0F {
				prev = r
			}
			i += size
			continue
		}
		if r >= 0xE0020 && r <= 0xE007F {
			if j, ok := flagTags(src, i); ok && prev == 0x1F3F4 {
				col += utf8.RuneCount(src[i:j])
				i, prev = j, 0xE007F
				continue
			}
		}
		j := i
		var runes []rune
		for j < len(src) {
			c, n := utf8.DecodeRune(src[j:])
			if !hiddenRune(c) {
				break
			}
			runes = append(runes, c)
			j += n
		}
		next, _ := utf8.DecodeRune(src[j:])
		if len(runes) == 1 && joins(runes[0], prev, next) {
			col++
			i = j
			continue
		}
		out = append(out, diag.Diagnostic{
			Pos: diag.Pos{File: file, Line: line, Col: col}, End: diag.Pos{File: file, Line: line, Col: col + len(runes)},
			Severity: diag.Warning, Rule: HiddenUnicodeRule,
			Message: fmt.Sprintf("hidden character %s: invisible in an editor, read by a model; remove it", describeRunes(runes)),
			Fix:     &diag.Fix{Title: "remove the hidden characters", Edits: []diag.Edit{{Start: i, End: j}}},
		})
		col += len(runes)
		i = j
	}
	return out
}

// flagTags returns the end of a tag sequence starting at i that a cancel
// tag (U+E007F) closes, as in the flags of regions.
func flagTags(src []byte, i int) (int, bool) {
	for j := i; j < len(src); {
		c, n := utf8.DecodeRune(src[j:])
		switch {
		case c == 0xE007F:
			return j + n, j > i
		case c >= 0xE0020 && c <= 0xE007E:
			j += n
		default:
			return 0, false
		}
	}
	return 0, false
}

func describeRunes(rs []rune) string {
	s := ""
	for i, r := range rs {
		if i == 3 {
			return s + fmt.Sprintf(" … (%d in all)", len(rs))
		}
		if i > 0 {
			s += " "
		}
		s += fmt.Sprintf("%U", r)
	}
	return s
}
