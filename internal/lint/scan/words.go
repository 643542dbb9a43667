package scan

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// word is a token of prose that belongs to a word class, or a clause
// boundary: the matcher of Injection sees only these.
type word struct {
	off, end int
	ord      int // ordinal among all tokens: gaps are counted in words
	clause   int
	class    uint64 // bit set of the classes the word belongs to
}

// classOf classifies lower-case token t; prefixes marks entries matched
// as prefixes (stems), exact the others.
type lexicon struct {
	byPrefix map[string]uint64 // stems: token starts with key
	exact    map[string]uint64
	stemLens []int // lengths of the stems, longest first
}

func newLexicon(classes map[uint64][]string) *lexicon {
	lx := &lexicon{byPrefix: map[string]uint64{}, exact: map[string]uint64{}}
	lens := map[int]bool{}
	for c, ws := range classes {
		for _, w := range ws {
			if s, ok := strings.CutSuffix(w, "*"); ok {
				lx.byPrefix[s] |= c
				lens[utf8.RuneCountInString(s)] = true
				continue
			}
			lx.exact[w] |= c
		}
	}
	for n := range lens {
		lx.stemLens = append(lx.stemLens, n)
	}
	return lx
}

// classOf returns the classes of lower-case token t (map lookups of
// string(t[:i]) do not allocate).
func (lx *lexicon) classOf(t []byte) uint64 {
	c := lx.exact[string(t)]
	if len(lx.stemLens) == 0 {
		return c
	}
	// Cut t after each stem length (in characters) and look the prefix up.
	n := 0
	for i := 0; i < len(t); {
		if n > 0 {
			for _, l := range lx.stemLens {
				if l == n {
					c |= lx.byPrefix[string(t[:i])]
				}
			}
		}
		_, size := utf8.DecodeRune(t[i:])
		i += size
		n++
	}
	for _, l := range lx.stemLens {
		if l == n {
			c |= lx.byPrefix[string(t)]
		}
	}
	return c
}

// compoundSet holds two-word names and the single token each is joined
// into; firsts are their first words.
type compoundSet struct {
	joined map[string]string
	firsts map[string]bool
}

func newCompoundSet(joined map[string]string) *compoundSet {
	cs := &compoundSet{joined: joined, firsts: map[string]bool{}}
	for k := range joined {
		f, _, _ := strings.Cut(k, " ")
		cs.firsts[f] = true
	}
	return cs
}

// words tokenises src[off:end] into the classified words of lx.
// Clauses end at . ! ? ; and at line starts that begin a new block (a
// blank line, a list item, a heading, a quote or table row); compound
// nouns written as two words ("system prompt", "api key") are joined
// when compounds names the pair.
func words(src []byte, off, end int, lx *lexicon, compounds *compoundSet, ords *int, clause *int, out []word) []word {
	var buf []byte
	// prevTok is the token before, kept only when it can start a
	// compound (most tokens cost no allocation).
	prevTok, prevOff := "", -1
	lineStart := true
	flush := func(s, e int) {
		t := buf
		if prevOff >= 0 && prevTok != "" {
			if j, ok := compounds.joined[prevTok+" "+string(t)]; ok {
				t = []byte(j)
				s = prevOff
			}
		}
		*ords++
		if c := lx.classOf(t); c != 0 {
			out = append(out, word{off: s, end: e, ord: *ords, clause: *clause, class: c})
		}
		prevTok, prevOff = "", s
		if compounds.firsts[string(t)] {
			prevTok = string(t)
		}
		buf = buf[:0]
	}
	start := -1
	for i := off; i < end; {
		r, n := rune(src[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRune(src[i:end])
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) || (r == '\'' || r == '’') && start >= 0 {
			if start < 0 {
				start = i
			}
			if r == '’' {
				r = '\''
			}
			buf = utf8.AppendRune(buf, unicode.ToLower(r))
			lineStart = false
			i += n
			continue
		}
		if start >= 0 {
			flush(start, i)
			start = -1
		}
		switch r {
		case '.', '!', '?', ';':
			if i+1 >= end || src[i+1] == ' ' || src[i+1] == '\n' || src[i+1] == '\r' {
				*clause++
				prevTok, prevOff = "", -1
			}
		case '\n':
			// A new block starts a new clause.
			j := i + 1
			for j < end && (src[j] == ' ' || src[j] == '\t') {
				j++
			}
			if j >= end || strings.IndexByte("\n\r-*+#>|", src[j]) >= 0 || src[j] >= '0' && src[j] <= '9' || lineStart {
				*clause++
				prevTok, prevOff = "", -1
			}
			lineStart = true
		case ',', ':', '—', '–':
			// A soft break: words on either side are three words apart
			// ("if not installed, tell the user" is not "not tell").
			*ords += 3
			prevTok, prevOff = "", -1
		case '"', '(', ')', '[', ']', '{', '}', '<', '>', '=', '`', '“', '”', '„':
			// Quotes and brackets do not end a clause, but tokens do not
			// join across them.
			prevTok, prevOff = "", -1
		}
		i += n
	}
	if start >= 0 {
		flush(start, end)
	}
	return out
}
