package scan

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// word is a token of prose that belongs to a word class, or a clause
// boundary: the matcher of Injection sees only these.
//
// The fields are 32 bits wide (a text scanned is far under 2 GiB; a
// manual is at most 2 MiB): a line of rule words is a word every six
// bytes, and 40 bytes a word made its slice seven times the text.
type word struct {
	off, end int32
	ord      int32 // ordinal among all tokens: gaps are counted in words
	clause   int32
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
	w := &wordScan{src: src, end: end, lx: lx, compounds: compounds, ords: ords, clause: clause, out: out, prevOff: -1, lineStart: true}
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
			w.buf = utf8.AppendRune(w.buf, unicode.ToLower(r))
			w.lineStart = false
			i += n
			continue
		}
		if start >= 0 {
			w.flush(start, i)
			start = -1
		}
		w.separator(r, i)
		i += n
	}
	if start >= 0 {
		w.flush(start, end)
	}
	return w.out
}

// wordScan is the state of words between tokens.
type wordScan struct {
	src       []byte
	end       int
	lx        *lexicon
	compounds *compoundSet
	ords      *int
	clause    *int
	out       []word
	buf       []byte // the token being read, lower case
	// pair is the token before and a space, kept only when it can start
	// a compound; flush appends the token to look the pair up (no
	// allocation per token).
	pair      []byte
	prevOff   int
	lineStart bool
}

// flush ends the token src[s:e] held in buf.
func (w *wordScan) flush(s, e int) {
	t := w.buf
	if w.prevOff >= 0 && len(w.pair) > 0 {
		n := len(w.pair)
		w.pair = append(w.pair, t...)
		j, ok := w.compounds.joined[string(w.pair)]
		w.pair = w.pair[:n]
		if ok {
			t = []byte(j)
			s = w.prevOff
		}
	}
	*w.ords++
	if c := w.lx.classOf(t); c != 0 {
		w.out = append(w.out, word{off: int32(s), end: int32(e), ord: int32(*w.ords), clause: int32(*w.clause), class: c})
	}
	w.pair, w.prevOff = w.pair[:0], s
	if w.compounds.firsts[string(t)] {
		w.pair = append(append(w.pair, t...), ' ')
	}
	w.buf = w.buf[:0]
}

// separator handles r at i, a character between tokens.
func (w *wordScan) separator(r rune, i int) {
	src, end := w.src, w.end
	switch r {
	case '.', '!', '?', ';':
		if i+1 >= end || src[i+1] == ' ' || src[i+1] == '\n' || src[i+1] == '\r' {
			w.newClause()
		}
	case '\n':
		// A new block starts a new clause.
		j := i + 1
		for j < end && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
		if j >= end || strings.IndexByte("\n\r-*+#>|", src[j]) >= 0 || src[j] >= '0' && src[j] <= '9' || w.lineStart {
			w.newClause()
		}
		w.lineStart = true
	case ',', ':', '—', '–':
		// A soft break: words on either side are three words apart
		// ("if not installed, tell the user" is not "not tell").
		*w.ords += 3
		w.pair, w.prevOff = w.pair[:0], -1
	case '"', '(', ')', '[', ']', '{', '}', '<', '>', '=', '`', '“', '”', '„':
		// Quotes and brackets do not end a clause, but tokens do not
		// join across them.
		w.pair, w.prevOff = w.pair[:0], -1
	}
}

// newClause starts a clause: no compound joins across it.
func (w *wordScan) newClause() {
	*w.clause++
	w.pair, w.prevOff = w.pair[:0], -1
}
