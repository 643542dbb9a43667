package textan

import "strings"

// normalize folds German spellings of a lower-case word the way the
// catalog's German normalisation does (after Lucene's
// GermanNormalizationFilter): ä, ö, ü → a, o, u; ß → ss; and an e after a,
// o or u that spells an umlaut is dropped (ae → a, oe → o, ue → u), but
// not after a u that follows a vowel or q ("neue", "Quelle").
func normalize(w string) string {
	const (
		plain  = iota // after a consonant or at the start
		vowel         // after a vowel that cannot start an umlaut spelling
		umlaut        // after a, o or u: an e here is dropped
	)
	var b strings.Builder
	b.Grow(len(w) + 1)
	state := plain
	for _, r := range w {
		switch r {
		case 'a', 'o':
			state = umlaut
		case 'u':
			if state == plain {
				state = umlaut
			} else {
				state = vowel
			}
		case 'e':
			drop := state == umlaut
			state = vowel
			if drop {
				continue
			}
		case 'i', 'q', 'y':
			state = vowel
		case 'ä':
			r, state = 'a', vowel
		case 'ö':
			r, state = 'o', vowel
		case 'ü':
			r, state = 'u', vowel
		case 'ß':
			b.WriteByte('s')
			r, state = 's', plain
		default:
			state = plain
		}
		b.WriteRune(r)
	}
	return b.String()
}

// stem removes inflection endings from a normalised word with the German
// light stemmer the catalog uses (Savoy's, as in Lucene's
// GermanLightStemmer): accents on a, o, i and u go, then one ending of
// -ern, -em, -en, -er, -es, -e or -s (after a letter that can end a stem),
// then one of -est, -er, -en or -st.
func stem(w string) string {
	rs := []rune(w)
	for i, r := range rs {
		switch r {
		case 'ä', 'à', 'á', 'â':
			rs[i] = 'a'
		case 'ö', 'ò', 'ó', 'ô':
			rs[i] = 'o'
		case 'ï', 'ì', 'í', 'î':
			rs[i] = 'i'
		case 'ü', 'ù', 'ú', 'û':
			rs[i] = 'u'
		}
	}
	return string(stripSecond(stripFirst(rs)))
}

// stEnding reports whether an s or st ending may be removed after r.
func stEnding(r rune) bool { return strings.ContainsRune("bdfghklmnt", r) }

// endsWith reports whether rs is longer than min runes and ends in suffix.
func endsWith(rs []rune, min int, suffix string) bool {
	s := []rune(suffix)
	if len(rs) <= min || len(rs) < len(s) {
		return false
	}
	return string(rs[len(rs)-len(s):]) == suffix
}

// stripFirst removes the first-step ending of rs, if any.
func stripFirst(rs []rune) []rune {
	n := len(rs)
	switch {
	case endsWith(rs, 5, "ern"):
		return rs[:n-3]
	case endsWith(rs, 4, "em"), endsWith(rs, 4, "en"), endsWith(rs, 4, "er"), endsWith(rs, 4, "es"):
		return rs[:n-2]
	case endsWith(rs, 3, "e"):
		return rs[:n-1]
	case endsWith(rs, 3, "s") && stEnding(rs[n-2]):
		return rs[:n-1]
	}
	return rs
}

// stripSecond removes the second-step ending of rs, if any.
func stripSecond(rs []rune) []rune {
	n := len(rs)
	switch {
	case endsWith(rs, 5, "est"):
		return rs[:n-3]
	case endsWith(rs, 4, "er"), endsWith(rs, 4, "en"):
		return rs[:n-2]
	case endsWith(rs, 4, "st") && stEnding(rs[n-3]):
		return rs[:n-2]
	}
	return rs
}
