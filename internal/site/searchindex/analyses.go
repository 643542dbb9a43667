package searchindex

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"maps"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/lorekit/lore/internal/par"
	"github.com/lorekit/lore/internal/textan"
)

// Analyses remembers the analysis of the documents of the last Write it
// was passed to, so that the next Write (lore serve, after an edit; the
// next lore build, through AppendBinary and ReadAnalyses) analyses only
// the documents that changed. Write uses it one call at a time; the index
// it writes is the same with or without it.
type Analyses struct {
	mu   sync.Mutex
	dict *dictionary
	last map[docKey]*analysis
	// vocab is the project vocabulary the remembered documents were
	// analysed with (a compound's head depends on it).
	vocab string
	// analysed counts the documents the last Write analysed.
	analysed int
}

// NewAnalyses returns an empty memory of analyses.
func NewAnalyses() *Analyses {
	return &Analyses{dict: newDictionary()}
}

// docKey identifies a document: by its ID, or by everything analyze and
// its document file read of it (a SHA-256, cut to 128 bits: two documents
// share a key by chance with a probability of about 2⁻¹²⁸ per pair).
type docKey [2]uint64

// key returns the key of d; a document without an ID must be resolved,
// secs being the sections its document file shows.
func (c *Analyses) key(d Document, secs []Section) docKey {
	if d.ID != ([32]byte{}) {
		return docKey{binary.LittleEndian.Uint64(d.ID[:8]), binary.LittleEndian.Uint64(d.ID[8:16])}
	}
	h := sha256.New()
	var n [binary.MaxVarintLen64]byte
	num := func(v int) { h.Write(n[:binary.PutUvarint(n[:], uint64(v))]) }
	str := func(s string) {
		num(len(s))
		h.Write([]byte(s))
	}
	for _, s := range []string{d.Name, d.Title, d.Summary, d.Audience, d.Body} {
		str(s)
	}
	for _, list := range [][]string{d.Triggers, d.RequiresTools} {
		num(len(list))
		for _, s := range list {
			str(s)
		}
	}
	num(len(secs))
	for _, s := range secs {
		str(s.Anchor)
		str(s.Heading)
		str(s.Text)
	}
	var sum [32]byte
	h.Sum(sum[:0])
	return docKey{binary.LittleEndian.Uint64(sum[:8]), binary.LittleEndian.Uint64(sum[8:16])}
}

// analysesMagic starts the binary form of Analyses.
const analysesMagic = "LOREANA4"

// AppendBinary appends the analyses c remembers to b: the vocabulary they
// were made with, the terms they use, then per document its key, its length in words, its terms' statistics,
// the sections its document file shows and what that file was when last
// encoded (fileSum).
func (c *Analyses) AppendBinary(b []byte) []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	b = append(b, analysesMagic...)
	b = binary.AppendUvarint(b, uint64(len(c.vocab)))
	b = append(b, c.vocab...)
	keys := slices.SortedFunc(maps.Keys(c.last), func(x, y docKey) int { return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1])) })
	// The terms in use, numbered in their order: the same analyses give
	// the same bytes. Terms are numbers of the dictionary: slices indexed
	// by them, not maps (millions of occurrences at 10,000 manuals).
	n := len(c.dict.terms)
	used := make([]bool, n)
	for _, k := range keys {
		for _, o := range c.last[k].occs {
			used[o.term] = true
		}
	}
	var ids []uint32
	for id, u := range used {
		if u {
			ids = append(ids, uint32(id))
		}
	}
	slices.SortFunc(ids, func(x, y uint32) int { return strings.Compare(c.dict.terms[x], c.dict.terms[y]) })
	renum := make([]uint32, n)
	for i, id := range ids {
		renum[id] = uint32(i)
	}
	b = slices.Grow(b, c.binarySize(keys, ids, renum))
	b = binary.AppendUvarint(b, uint64(len(ids)))
	for _, id := range ids {
		t := c.dict.terms[id]
		b = binary.AppendUvarint(b, uint64(len(t)))
		b = append(b, t...)
	}
	b = binary.AppendUvarint(b, uint64(len(keys)))
	var occs []occurrence
	for _, k := range keys {
		a := c.last[k]
		b = binary.LittleEndian.AppendUint64(b, k[0])
		b = binary.LittleEndian.AppendUint64(b, k[1])
		b = binary.AppendUvarint(b, uint64(a.words))
		occs = append(occs[:0], a.occs...)
		for i := range occs {
			occs[i].term = renum[occs[i].term]
		}
		slices.SortFunc(occs, func(x, y occurrence) int { return cmp.Compare(x.term, y.term) })
		b = binary.AppendUvarint(b, uint64(len(occs)))
		for _, o := range occs {
			b = binary.AppendUvarint(b, uint64(o.term))
			b = binary.AppendUvarint(b, uint64(o.tf))
			b = append(b, byte(o.fields))
		}
		b = a.appendSections(b)
		b = a.fileSum.append(b)
	}
	return b
}

// append appends f to b: 0 when not set, else 1, the URL and options of
// its key, the sum and the length.
func (f fileSum) append(b []byte) []byte {
	if !f.set {
		return append(b, 0)
	}
	b = append(b, 1)
	b = binary.AppendUvarint(b, uint64(len(f.key.url)))
	b = append(b, f.key.url...)
	for _, v := range [...]int{f.key.summaryRunes, f.key.sectionRunes, f.key.fragmentRunes, f.size} {
		b = binary.AppendUvarint(b, uint64(v))
	}
	return append(b, f.sum[:]...)
}

// binarySize is the length of what append appends.
func (f fileSum) binarySize() int {
	if !f.set {
		return 1
	}
	n := 1 + uvarintLen(len(f.key.url)) + len(f.key.url) + len(f.sum)
	for _, v := range [...]int{f.key.summaryRunes, f.key.sectionRunes, f.key.fragmentRunes, f.size} {
		n += uvarintLen(v)
	}
	return n
}

// binarySize is the length of what AppendBinary appends after the
// vocabulary: the terms ids names, then the documents of keys. Appended into room
// made beforehand, the analyses of thousands of documents (tens of
// megabytes, most of it their sections' text) are not copied into a
// buffer twice their size as it grows.
func (c *Analyses) binarySize(keys []docKey, ids, renum []uint32) int {
	n := uvarintLen(len(ids)) + uvarintLen(len(keys))
	for _, id := range ids {
		n += uvarintLen(len(c.dict.terms[id])) + len(c.dict.terms[id])
	}
	for _, k := range keys {
		a := c.last[k]
		n += 16 + uvarintLen(a.words) + uvarintLen(len(a.occs)) + a.sectionsBinarySize()
		for _, o := range a.occs {
			n += uvarintLen(int(renum[o.term])) + uvarintLen(int(o.tf)) + 1
		}
		n += a.fileSum.binarySize()
	}
	return n
}

// uvarintLen is the length of v as binary.AppendUvarint writes it.
func uvarintLen(v int) int { return (bits.Len64(uint64(v)|1) + 6) / 7 }

// ReadAnalyses returns the analyses AppendBinary wrote into b. They keep
// the documents' sections in b undecoded until a document file is encoded
// from them (most are kept as they are, Options.Kept): b must not change
// afterwards.
func ReadAnalyses(b []byte) (*Analyses, error) {
	bad := errors.New("searchindex: not the analyses of this version, or damaged")
	if !bytes.HasPrefix(b, []byte(analysesMagic)) {
		return nil, bad
	}
	b = b[len(analysesMagic):]
	next := func() uint64 {
		v, n := binary.Uvarint(b)
		if n <= 0 {
			b = nil
			return math.MaxUint64
		}
		b = b[n:]
		return v
	}
	c := NewAnalyses()
	nVocab := next()
	if nVocab > uint64(len(b)) {
		return nil, bad
	}
	c.vocab, b = string(b[:nVocab]), b[nVocab:]
	nTerms := next()
	if nTerms > uint64(len(b)) {
		return nil, bad
	}
	c.dict.terms = make([]string, 0, nTerms)
	for range nTerms {
		n := next()
		if n > uint64(len(b)) {
			return nil, bad
		}
		t := string(b[:n])
		b = b[n:]
		if _, dup := c.dict.ids[t]; dup {
			return nil, bad
		}
		c.dict.ids[t] = uint32(len(c.dict.terms))
		c.dict.terms = append(c.dict.terms, t)
	}
	nDocs := next()
	if nDocs > uint64(len(b)) {
		return nil, bad
	}
	c.last = make(map[docKey]*analysis, nDocs)
	for range nDocs {
		if len(b) < 16 {
			return nil, bad
		}
		k := docKey{binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[8:])}
		b = b[16:]
		words, n := next(), next()
		if words > math.MaxInt32 || n > uint64(len(b)) {
			return nil, bad
		}
		a := &analysis{words: int(words), occs: make([]occurrence, n)}
		for i := range a.occs {
			term, tf := next(), next()
			if term >= nTerms || tf > math.MaxUint16 || len(b) == 0 {
				return nil, bad
			}
			a.occs[i] = occurrence{term: uint32(term), tf: uint16(tf), fields: field(b[0])}
			b = b[1:]
		}
		size, ok := sectionsSize(b)
		if !ok {
			return nil, bad
		}
		a.rawSecs, b = b[:size:size], b[size:]
		if a.fileSum, b, ok = readFileSum(b); !ok {
			return nil, bad
		}
		c.last[k] = a
	}
	if len(b) > 0 {
		return nil, bad
	}
	return c, nil
}

// analyzeAll returns the analysis of every document (with the sections
// its document file shows) and the dictionary that numbers their terms,
// analysing on every core those that c (which may be nil) does not
// remember; fresh marks the documents it analysed. It resolves
// (Document.resolved) the documents of docs it needs the text or
// sections of, in place, and lets go of the text of those it analyses.
func analyzeAll(docs []Document, ta *textan.Analysis, c *Analyses) (as []*analysis, dict *dictionary, fresh []bool) {
	as = make([]*analysis, len(docs))
	fresh = make([]bool, len(docs))
	secs := make([][]Section, len(docs))
	resolve := func(i int) {
		if secs[i] == nil {
			docs[i], secs[i] = docs[i].resolved()
		}
	}
	dict = newDictionary()
	var keys []docKey
	if c != nil {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.vocab != ta.Vocabulary() {
			c.vocab, c.last, c.dict = ta.Vocabulary(), nil, newDictionary()
		}
		dict = c.dict
		keys = make([]docKey, len(docs))
		forEach(len(docs), func(i int) {
			if docs[i].ID == ([32]byte{}) {
				resolve(i)
			}
			keys[i] = c.key(docs[i], secs[i])
		})
	}
	var todo []int
	for i := range docs {
		if c != nil {
			if a := c.last[keys[i]]; a != nil {
				as[i] = a
				continue
			}
		}
		todo = append(todo, i)
		fresh[i] = true
	}
	var mu sync.Mutex // guards dict
	pool := sync.Pool{New: func() any { return newAnalyzer(ta) }}
	forEach(len(todo), func(j int) {
		i := todo[j]
		resolve(i)
		an := pool.Get().(*analyzer)
		terms, words := an.analyze(docs[i])
		pool.Put(an)
		docs[i].Body = "" // analysed: only its sections are shown
		mu.Lock()
		as[i] = dict.number(terms, words)
		mu.Unlock()
		as[i].secs = secs[i]
	})
	if c != nil {
		c.analysed = len(todo)
		c.last = make(map[docKey]*analysis, len(docs))
		for i, k := range keys {
			c.last[k] = as[i]
		}
	}
	return as, dict, fresh
}

// forEach calls f for 0…n-1 on every core (par.Each, at most GOMAXPROCS
// at once) and returns when every call has returned.
func forEach(n int, f func(i int)) { par.Each(n, f) }

// readFileSum reads what fileSum.append wrote at the start of b and
// returns the rest of b.
func readFileSum(b []byte) (fileSum, []byte, bool) {
	if len(b) == 0 || b[0] > 1 {
		return fileSum{}, nil, false
	}
	if b[0] == 0 {
		return fileSum{}, b[1:], true
	}
	b = b[1:]
	next := func() (int, bool) {
		v, n := binary.Uvarint(b)
		if n <= 0 || v > math.MaxInt32 {
			return 0, false
		}
		b = b[n:]
		return int(v), true
	}
	n, ok := next()
	if !ok || n > len(b) {
		return fileSum{}, nil, false
	}
	f := fileSum{set: true}
	f.key.url, b = string(b[:n]), b[n:]
	for _, v := range [...]*int{&f.key.summaryRunes, &f.key.sectionRunes, &f.key.fragmentRunes, &f.size} {
		if *v, ok = next(); !ok {
			return fileSum{}, nil, false
		}
	}
	if len(b) < len(f.sum) {
		return fileSum{}, nil, false
	}
	copy(f.sum[:], b)
	return f, b[len(f.sum):], true
}
