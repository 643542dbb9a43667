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

// lexicon classifies lower-case tokens: a word listed exactly, or
// starting with a listed stem, has the classes listed for it. It is a
// trie over the bytes of the words and stems, so that classOf walks a
// token once instead of looking up each of its prefixes in a map.
type lexicon struct {
	nodes []lexNode // nodes[0] is the root (the empty prefix)
}

// lexNode is the prefix of the trie's path to it: stem holds the
// classes of the stems it spells, exact those of the exact words.
type lexNode struct {
	stem, exact uint64
	kids        []lexEdge
}

// lexEdge leads from a node to the node of its prefix and byte b.
type lexEdge struct {
	b  byte
	to int32
}

func newLexicon(classes map[uint64][]string) *lexicon {
	lx := &lexicon{nodes: []lexNode{{}}}
	for c, ws := range classes {
		for _, w := range ws {
			if s, ok := strings.CutSuffix(w, "*"); ok {
				lx.nodes[lx.node(s)].stem |= c
				continue
			}
			lx.nodes[lx.node(w)].exact |= c
		}
	}
	return lx
}

// node returns the node of prefix s, adding the missing ones.
func (lx *lexicon) node(s string) int32 {
	n := int32(0)
	for i := 0; i < len(s); i++ {
		next := lx.child(n, s[i])
		if next < 0 {
			next = int32(len(lx.nodes))
			lx.nodes = append(lx.nodes, lexNode{})
			lx.nodes[n].kids = append(lx.nodes[n].kids, lexEdge{b: s[i], to: next})
		}
		n = next
	}
	return n
}

// child returns the node after n and byte b, or -1.
func (lx *lexicon) child(n int32, b byte) int32 {
	for _, e := range lx.nodes[n].kids {
		if e.b == b {
			return e.to
		}
	}
	return -1
}

// classOf returns the classes of lower-case token t: those of the word t
// and of every stem t starts with. A stem is a whole UTF-8 string, so a
// stem t starts with ends where a character of t does. The empty stem
// (a lone "*") takes only the empty token.
func (lx *lexicon) classOf(t []byte) uint64 {
	if len(t) == 0 {
		return lx.nodes[0].stem | lx.nodes[0].exact
	}
	var c uint64
	n := int32(0)
	for i := 0; i < len(t); i++ {
		if n = lx.child(n, t[i]); n < 0 {
			return c
		}
		c |= lx.nodes[n].stem
	}
	return c | lx.nodes[n].exact
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
	joined := false
	if w.prevOff >= 0 && len(w.pair) > 0 {
		n := len(w.pair)
		w.pair = append(w.pair, t...)
		j, ok := w.compounds.joined[string(w.pair)]
		w.pair = w.pair[:n]
		if ok {
			t, s, joined = []byte(j), w.prevOff, true
		}
	}
	if !joined {
		*w.ords++ // a compound is one word: it keeps its first word's ordinal
	}
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
