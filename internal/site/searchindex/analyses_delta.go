package searchindex

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"slices"
)

// deltaMagic starts what AppendDelta writes.
const deltaMagic = "LOREAND1"

// base is what Analyses were when last read (ReadAnalyses) or written
// whole (AppendBinary): per document its analysis and the sum of its file
// then, with the vocabulary and the size of the documents' encoding.
type base struct {
	docs  map[docKey]baseDoc
	vocab string
	size  int
}

// baseDoc is a document of the base: its analysis and its file's sum.
type baseDoc struct {
	a   *analysis
	sum fileSum
}

// setBase makes what c remembers now its base, size bytes encoded (c.mu
// held).
func (c *Analyses) setBase(size int) {
	docs := make(map[docKey]baseDoc, len(c.last))
	for k, a := range c.last {
		docs[k] = baseDoc{a: a, sum: a.fileSum}
	}
	c.base = base{docs: docs, vocab: c.vocab, size: size}
}

// AppendDelta appends to b what changed in c since its base (the analyses
// ReadAnalyses read, or AppendBinary last wrote): the documents analysed,
// or whose file was encoded, since, and the keys of the documents c no
// longer remembers. ApplyDelta of it on the base gives c. After one edited
// manual of thousands, it is a few kilobytes where AppendBinary writes
// tens of megabytes. It returns b and false, appending nothing, when c has
// no base, was analysed with another vocabulary, or when the changes are
// more than a quarter of the base: AppendBinary is then the better choice.
func (c *Analyses) AppendDelta(b []byte) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.base.docs == nil || c.base.vocab != c.vocab {
		return b, false
	}
	var changed, gone []docKey
	for k, a := range c.last {
		if d, ok := c.base.docs[k]; !ok || d.a != a || d.sum != a.fileSum {
			changed = append(changed, k)
		}
	}
	for k := range c.base.docs {
		if _, ok := c.last[k]; !ok {
			gone = append(gone, k)
		}
	}
	if 4*(len(changed)+len(gone)) > len(c.base.docs) {
		return b, false
	}
	start := len(b)
	b = append(b, deltaMagic...)
	b = binary.AppendUvarint(b, uint64(len(c.vocab)))
	b = append(b, c.vocab...)
	slices.SortFunc(changed, compareDocKeys)
	b = c.appendDocs(b, changed)
	slices.SortFunc(gone, compareDocKeys)
	b = binary.AppendUvarint(b, uint64(len(gone)))
	for _, k := range gone {
		b = binary.LittleEndian.AppendUint64(b, k[0])
		b = binary.LittleEndian.AppendUint64(b, k[1])
	}
	if 4*(len(b)-start) > c.base.size {
		return b[:start], false
	}
	return b, true
}

// ApplyDelta applies to c, read by ReadAnalyses, what AppendDelta wrote
// into b of the analyses that had c as their base: c then remembers what
// they did (its base stays what ReadAnalyses read). Like ReadAnalyses, c
// keeps parts of b: b must not change afterwards. On an error c is as it
// was, but for terms its dictionary numbers in vain.
func (c *Analyses) ApplyDelta(b []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.base.docs == nil || !bytes.HasPrefix(b, []byte(deltaMagic)) {
		return errAnalyses
	}
	vocab, b, ok := readVocab(b[len(deltaMagic):])
	if !ok || vocab != c.vocab {
		return errAnalyses
	}
	docs, b, ok := c.readDocs(b)
	if !ok {
		return errAnalyses
	}
	n, w := binary.Uvarint(b)
	if w <= 0 || n > uint64(len(b)-w)/16 || uint64(len(b)-w) != 16*n {
		return errAnalyses
	}
	b = b[w:]
	for range n {
		delete(c.last, docKey{binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[8:])})
		b = b[16:]
	}
	for k, a := range docs {
		c.last[k] = a
	}
	return nil
}

// compareDocKeys orders document keys (as the binary forms write them).
func compareDocKeys(x, y docKey) int {
	return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1]))
}
