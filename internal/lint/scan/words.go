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
	// dense holds the children of the nodes with many (the root, the
	// first letters): dense[nodes[n].dense-1][b] is child(n, b), so a
	// token's first bytes are one look-up each instead of a walk over
	// dozens of edges.
	dense [][256]int32
}

// lexNode is the prefix of the trie's path to it: stem holds the
// classes of the stems it spells, exact those of the exact words.
type lexNode struct {
	stem, exact uint64
	kids        []lexEdge
	dense       int32 // 1 + index into lexicon.dense; 0: walk kids
}

// denseKids is the fewest children a node has for a table of its own.
const denseKids = 6

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
	for n := range lx.nodes {
		if len(lx.nodes[n].kids) < denseKids {
			continue
		}
		var t [256]int32
		for b := range t {
			t[b] = -1
		}
		for _, e := range lx.nodes[n].kids {
			t[e.b] = e.to
		}
		lx.dense = append(lx.dense, t)
		lx.nodes[n].dense = int32(len(lx.dense))
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
	if d := lx.nodes[n].dense; d > 0 {
		return lx.dense[d-1][b]
	}
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
	r := lexReader{lx: lx, compounds: compounds, ords: ords, clause: clause, out: out, prevOff: -1}
	readWords(src, off, end, nil, &r)
	return r.out
}

// readWords tokenises src[off:end] once for every reader of rs: each
// keeps the words of its own lexicon, as words would (the letters are
// decoded and lowered once, however many lexicons read them). The token
// being read is kept in *buf when buf is not nil (a caller reading a text
// twice grows one buffer for its longest token, not two).
func readWords(src []byte, off, end int, buf *[]byte, rs ...*lexReader) {
	w := &wordScan{src: src, end: end, rs: rs, lineStart: true}
	if buf != nil {
		w.buf = (*buf)[:0]
		defer func() { *buf = w.buf[:0] }()
	}
	start := -1
	for i := off; i < end; {
		r, n := rune(src[i]), 1
		if r < utf8.RuneSelf && asciiAlnum[r] {
			// An ASCII letter or digit, as below without the tables of
			// unicode.
			if start < 0 {
				start = i
			}
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			w.buf = append(w.buf, byte(r))
			w.lineStart = false
			i++
			continue
		}
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
}

// asciiAlnum marks the ASCII letters and digits.
var asciiAlnum = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = unicode.IsLetter(rune(c)) || unicode.IsDigit(rune(c))
	}
	return t
}()

// wordScan is the state of readWords between tokens.
type wordScan struct {
	src       []byte
	end       int
	rs        []*lexReader
	buf       []byte // the token being read, lower case
	lineStart bool
}

// lexReader is what one lexicon has read of a text: its words and the
// state that joins compounds and counts words and clauses.
type lexReader struct {
	lx        *lexicon
	compounds *compoundSet
	ords      *int
	clause    *int
	out       []word
	// pair is the token before and a space, kept only when it can start
	// a compound; flush appends the token to look the pair up (no
	// allocation per token).
	pair    []byte
	prevOff int
}

// flush ends the token src[s:e] held in buf.
func (w *wordScan) flush(s, e int) {
	for _, r := range w.rs {
		r.token(w.buf, s, e)
	}
	w.buf = w.buf[:0]
}

// token reads the lower-case token t, src[s:e].
func (r *lexReader) token(t []byte, s, e int) {
	joined := false
	if r.prevOff >= 0 && len(r.pair) > 0 {
		n := len(r.pair)
		r.pair = append(r.pair, t...)
		j, ok := r.compounds.joined[string(r.pair)]
		r.pair = r.pair[:n]
		if ok {
			t, s, joined = []byte(j), r.prevOff, true
		}
	}
	if !joined {
		*r.ords++ // a compound is one word: it keeps its first word's ordinal
	}
	if c := r.lx.classOf(t); c != 0 {
		r.out = append(r.out, word{off: int32(s), end: int32(e), ord: int32(*r.ords), clause: int32(*r.clause), class: c})
	}
	r.pair, r.prevOff = r.pair[:0], s
	if r.compounds.firsts[string(t)] {
		r.pair = append(append(r.pair, t...), ' ')
	}
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
		for _, r := range w.rs {
			*r.ords += 3
			r.pair, r.prevOff = r.pair[:0], -1
		}
	case '"', '(', ')', '[', ']', '{', '}', '<', '>', '=', '`', '“', '”', '„':
		// Quotes and brackets do not end a clause, but tokens do not
		// join across them.
		for _, r := range w.rs {
			r.pair, r.prevOff = r.pair[:0], -1
		}
	}
}

// newClause starts a clause: no compound joins across it.
func (w *wordScan) newClause() {
	for _, r := range w.rs {
		*r.clause++
		r.pair, r.prevOff = r.pair[:0], -1
	}
}
