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
	// base is what the analyses were when last read (ReadAnalyses) or
	// written whole (AppendBinary): AppendDelta writes what changed since.
	base base
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
// were made with, the terms they use, then per document its key, its
// length in words, its terms' statistics, the sections its document file
// shows and what that file was when last encoded (fileSum). What it
// appends is the base AppendDelta writes the changes since.
func (c *Analyses) AppendBinary(b []byte) []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	b = append(b, analysesMagic...)
	b = binary.AppendUvarint(b, uint64(len(c.vocab)))
	b = append(b, c.vocab...)
	start := len(b)
	b = c.appendDocs(b, sortedDocKeys(c.last))
	c.setBase(len(b) - start)
	return b
}

func sortedDocKeys[V any](m map[docKey]V) []docKey {
	return slices.SortedFunc(maps.Keys(m), compareDocKeys)
}

// appendDocs appends to b the terms the documents of keys use, then those
// documents (c.mu held).
func (c *Analyses) appendDocs(b []byte, keys []docKey) []byte {
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

// errAnalyses is the error of bytes that are not analyses (or a delta of
// them) of this version.
var errAnalyses = errors.New("searchindex: not the analyses of this version, or damaged")

// ReadAnalyses returns the analyses AppendBinary wrote into b. They keep
// the documents' sections in b undecoded until a document file is encoded
// from them (most are kept as they are, Options.Kept): b must not change
// afterwards. They are the base of AppendDelta.
func ReadAnalyses(b []byte) (*Analyses, error) {
	if !bytes.HasPrefix(b, []byte(analysesMagic)) {
		return nil, errAnalyses
	}
	b = b[len(analysesMagic):]
	c := NewAnalyses()
	var ok bool
	if c.vocab, b, ok = readVocab(b); !ok {
		return nil, errAnalyses
	}
	size := len(b)
	docs, rest, ok := c.readDocs(b)
	if !ok || len(rest) > 0 {
		return nil, errAnalyses
	}
	c.last = docs
	c.setBase(size)
	return c, nil
}

// readVocab reads the vocabulary at the start of b and returns the rest.
func readVocab(b []byte) (string, []byte, bool) {
	n, w := binary.Uvarint(b)
	if w <= 0 || n > uint64(len(b)-w) {
		return "", nil, false
	}
	b = b[w:]
	return string(b[:n]), b[n:], true
}

// readDocs reads what appendDocs wrote at the start of b, numbering its
// terms in c's dictionary (a term it holds already keeps its number), and
// returns the rest of b.
func (c *Analyses) readDocs(b []byte) (docs map[docKey]*analysis, rest []byte, ok bool) {
	next := func() uint64 {
		v, n := binary.Uvarint(b)
		if n <= 0 {
			b = nil
			return math.MaxUint64
		}
		b = b[n:]
		return v
	}
	nTerms := next()
	if nTerms > uint64(len(b)) {
		return nil, nil, false
	}
	ids := make([]uint32, 0, nTerms)
	seen := make(map[uint32]bool, nTerms)
	if len(c.dict.terms) == 0 {
		c.dict.terms = make([]string, 0, nTerms)
	}
	for range nTerms {
		n := next()
		if n > uint64(len(b)) {
			return nil, nil, false
		}
		t := string(b[:n])
		b = b[n:]
		id, ok := c.dict.ids[t]
		if !ok {
			id = uint32(len(c.dict.terms))
			c.dict.ids[t] = id
			c.dict.terms = append(c.dict.terms, t)
		}
		if seen[id] {
			return nil, nil, false
		}
		seen[id] = true
		ids = append(ids, id)
	}
	nDocs := next()
	if nDocs > uint64(len(b)) {
		return nil, nil, false
	}
	docs = make(map[docKey]*analysis, nDocs)
	for range nDocs {
		if len(b) < 16 {
			return nil, nil, false
		}
		k := docKey{binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[8:])}
		b = b[16:]
		words, n := next(), next()
		if words > math.MaxInt32 || n > uint64(len(b)) {
			return nil, nil, false
		}
		a := &analysis{words: int(words), occs: make([]occurrence, n)}
		for i := range a.occs {
			term, tf := next(), next()
			if term >= nTerms || tf > math.MaxUint16 || len(b) == 0 {
				return nil, nil, false
			}
			a.occs[i] = occurrence{term: ids[term], tf: uint16(tf), fields: field(b[0])}
			b = b[1:]
		}
		size, ok := sectionsSize(b)
		if !ok {
			return nil, nil, false
		}
		a.rawSecs, b = b[:size:size], b[size:]
		if a.fileSum, b, ok = readFileSum(b); !ok {
			return nil, nil, false
		}
		docs[k] = a
	}
	return docs, b, true
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
