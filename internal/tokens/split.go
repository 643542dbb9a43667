package tokens

import "unicode/utf8"

// A splitter returns the end of the pre-token (the split pattern's match)
// that starts at s[i], i < len(s), or i when no branch matches there; the
// engine then moves on by one rune, which belongs to no pre-token. That
// happens only for DEL (see classOfRune).
type splitter func(t *classTable, s string, i int) int

// The splitters below reproduce, branch by branch, what tiktoken-go
// v0.10.0's generated matchers (dlclark/regexp2cg code for its split
// patterns, run by dlclark/regexp2) do, including where they differ from
// the regular expression as OpenAI's tiktoken reads it:
//
//   - \s*[\r\n]+ backtracks the \s* loop to the FIRST line break of the
//     white-space run rather than the last: "\n  \n  x" splits as
//     "\n", "  \n", " ", " x" (tiktoken: "\n  \n", " ", " x").
//   - The case-insensitive contractions also match 's with U+017F LATIN
//     SMALL LETTER LONG S ('ſ), as .NET case folding does.
//   - Invalid UTF-8 reads as one U+FFFD (a symbol) per byte, while the
//     pre-token keeps the original bytes.
//   - DEL (U+007F) is in no class and so in no pre-token.
//
// The differences are tiktoken-go's; counts must equal its counts.

// splitO200k splits like o200k_base's pattern
//
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
func splitO200k(t *classTable, s string, i int) int {
	// The common shapes first: a lower-case ASCII word, alone or after one
	// ASCII prefix character (" word", "(word"): the first branch matches
	// it with an empty upper-case loop.
	if b := s[i]; b < utf8.RuneSelf {
		if t[b]&cLower != 0 {
			return contraction(s, run(t, s, i, cLower))
		}
		if t[b]&cPrefix != 0 && i+1 < len(s) && s[i+1] < utf8.RuneSelf && t[s[i+1]]&cLower != 0 {
			return contraction(s, run(t, s, i+1, cLower))
		}
	}
	c, w := t.at(s, i)
	if c&(cUpper|cLower|cPrefix) != 0 {
		if end := o200kWord(t, s, i, c, w); end > 0 {
			return end
		}
	}
	if c&cNumber != 0 {
		return numbers(t, s, i)
	}
	if end := punctuation(t, s, i, true); end > 0 {
		return end
	}
	return whiteSpace(t, s, i)
}

// splitCl100k splits like cl100k_base's pattern
//
//	(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}
//	| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
func splitCl100k(t *classTable, s string, i int) int {
	if end := contraction(s, i); end > i {
		return end
	}
	c, w := t.at(s, i)
	switch {
	case c&cLetter != 0:
		return run(t, s, i, cLetter)
	case c&cPrefix != 0 && i+w < len(s):
		if next, _ := t.at(s, i+w); next&cLetter != 0 {
			return run(t, s, i+w, cLetter)
		}
	case c&cNumber != 0:
		return numbers(t, s, i)
	}
	if end := punctuation(t, s, i, false); end > 0 {
		return end
	}
	return whiteSpace(t, s, i)
}

// o200kWord matches the two word branches of o200k_base at s[i] (whose
// classes are c and width w) and returns the end, or 0 when neither
// matches. Each branch tries the optional prefix character first, then
// none, as the backtracking engine does.
func o200kWord(t *classTable, s string, i int, c class, w int) int {
	starts := [2]int{i + w, i}
	if c&cPrefix == 0 || i+w == len(s) {
		starts[0] = -1
	}
	// [\p{Lu}…]*[\p{Ll}…]+: the upper-case loop backs off until the
	// lower-case loop can start, that is to the last position in
	// [q, end of the upper run] whose rune is in the lower-case class.
	for _, q := range starts {
		if q < 0 {
			continue
		}
		lower := -1
		j := q
		for j < len(s) {
			cj, wj := t.at(s, j)
			if cj&cUpper == 0 {
				if cj&cLower != 0 {
					lower = j
				}
				break
			}
			if cj&cLower != 0 {
				lower = j
			}
			j += wj
		}
		if lower >= 0 {
			return contraction(s, run(t, s, lower, cLower))
		}
	}
	// [\p{Lu}…]+[\p{Ll}…]*
	for _, q := range starts {
		if q < 0 {
			continue
		}
		if end := run(t, s, q, cUpper); end > q {
			return contraction(s, run(t, s, end, cLower))
		}
	}
	return 0
}

// run returns the end of the run of runes in class k that starts at s[i].
func run(t *classTable, s string, i int, k class) int {
	for i < len(s) {
		if b := s[i]; b < utf8.RuneSelf {
			if t[b]&k == 0 {
				break
			}
			i++
			continue
		}
		c, w := t.at(s, i)
		if c&k == 0 {
			break
		}
		i += w
	}
	return i
}

// numbers matches \p{N}{1,3} at s[i], which is a number.
func numbers(t *classTable, s string, i int) int {
	for range 3 {
		if i == len(s) {
			break
		}
		c, w := t.at(s, i)
		if c&cNumber == 0 {
			break
		}
		i += w
	}
	return i
}

// contraction matches (?i:'s|'t|'re|'ve|'m|'ll|'d) at s[i] and returns its
// end, or i when there is none. As in .NET, 's also matches 'ſ (U+017F).
func contraction(s string, i int) int {
	if i+1 >= len(s) || s[i] != '\'' {
		return i
	}
	third := func(a byte) bool { return i+2 < len(s) && s[i+2]|0x20 == a }
	switch s[i+1] | 0x20 {
	case 's', 't', 'm', 'd':
		return i + 2
	case 'r', 'v':
		if third('e') {
			return i + 3
		}
	case 'l':
		if third('l') {
			return i + 3
		}
	}
	if s[i+1] == 0xc5 && i+2 < len(s) && s[i+2] == 0xbf { // ſ
		return i + 3
	}
	return i
}

// punctuation matches  ?[^\s\p{L}\p{N}]+ followed by [\r\n/]* (o200k,
// slash true) or [\r\n]* (cl100k) at s[i], or returns 0.
func punctuation(t *classTable, s string, i int, slash bool) int {
	j := i
	if s[j] == ' ' {
		j++
	}
	end := run(t, s, j, cPunct)
	if end == j {
		return 0
	}
	for end < len(s) && (s[end] == '\r' || s[end] == '\n' || slash && s[end] == '/') {
		end++
	}
	return end
}

// whiteSpace matches \s*[\r\n]+|\s+(?!\S)|\s+ at s[i]. The first branch ends at the first line break of the
// white-space run and the breaks that follow it (see the note above).
func whiteSpace(t *classTable, s string, i int) int {
	last := i // start of the run's last rune
	j := i
	for j < len(s) {
		c, wj := t.at(s, j)
		if c&cSpace == 0 {
			break
		}
		if c&cNewline != 0 {
			for j < len(s) && (s[j] == '\r' || s[j] == '\n') {
				j++
			}
			return j
		}
		last = j
		j += wj
	}
	switch {
	case j == i: // no branch matches (DEL)
		return i
	case j == len(s) || last == i:
		return j
	default:
		return last
	}
}
