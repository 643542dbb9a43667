package searchindex

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/afero"
)

// appendBinaryMaps is AppendBinary as it was written first, with maps of
// term numbers: the reference whose bytes AppendBinary must keep (the
// cache holds them between builds).
func appendBinaryMaps(c *Analyses, b []byte) []byte {
	b = append(b, analysesMagic...)
	b = binary.AppendUvarint(b, uint64(len(c.vocab)))
	b = append(b, c.vocab...)
	keys := slices.SortedFunc(maps.Keys(c.last), func(x, y docKey) int { return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1])) })
	used := map[uint32]bool{}
	for _, k := range keys {
		for _, o := range c.last[k].occs {
			used[o.term] = true
		}
	}
	ids := slices.Collect(maps.Keys(used))
	slices.SortFunc(ids, func(x, y uint32) int { return strings.Compare(c.dict.terms[x], c.dict.terms[y]) })
	renum := make(map[uint32]uint32, len(ids))
	terms := make([]string, len(ids))
	for i, id := range ids {
		renum[id], terms[i] = uint32(i), c.dict.terms[id]
	}
	b = binary.AppendUvarint(b, uint64(len(terms)))
	for _, t := range terms {
		b = binary.AppendUvarint(b, uint64(len(t)))
		b = append(b, t...)
	}
	b = binary.AppendUvarint(b, uint64(len(keys)))
	for _, k := range keys {
		a := c.last[k]
		b = binary.LittleEndian.AppendUint64(b, k[0])
		b = binary.LittleEndian.AppendUint64(b, k[1])
		b = binary.AppendUvarint(b, uint64(a.words))
		occs := slices.Clone(a.occs)
		slices.SortFunc(occs, func(x, y occurrence) int { return cmp.Compare(renum[x.term], renum[y.term]) })
		b = binary.AppendUvarint(b, uint64(len(occs)))
		for _, o := range occs {
			b = binary.AppendUvarint(b, uint64(renum[o.term]))
			b = binary.AppendUvarint(b, uint64(o.tf))
			b = append(b, byte(o.fields))
		}
		secs := a.sections()
		b = binary.AppendUvarint(b, uint64(len(secs)))
		for _, sec := range secs {
			for _, t := range [3]string{sec.Anchor, sec.Heading, sec.Text} {
				b = binary.AppendUvarint(b, uint64(len(t)))
				b = append(b, t...)
			}
		}
		// Since LOREANA4: what the document's file was when encoded.
		if f := a.fileSum; !f.set {
			b = append(b, 0)
		} else {
			b = append(b, 1)
			b = binary.AppendUvarint(b, uint64(len(f.key.url)))
			b = append(b, f.key.url...)
			b = binary.AppendUvarint(b, uint64(f.key.summaryRunes))
			b = binary.AppendUvarint(b, uint64(f.key.sectionRunes))
			b = binary.AppendUvarint(b, uint64(f.key.fragmentRunes))
			b = binary.AppendUvarint(b, uint64(f.size))
			b = append(b, f.sum[:]...)
		}
	}
	return b
}

// manyAnalyses returns the analyses of n documents of varied words,
// after an edit and a removal (terms of the dictionary left unused).
func manyAnalyses(t testing.TB, n int) *Analyses {
	words := strings.Fields("receipts invoices Belege einreichen ledger reconciliation quarterly travel costs Spesen " +
		"deploy staging rollback Kalender calendar upload hochladen schedule report Bericht retry worker chart")
	docs := make([]Document, n)
	for i := range docs {
		var body strings.Builder
		for j := range 40 + i%60 {
			fmt.Fprintf(&body, "%s%d ", words[(i*7+j*3)%len(words)], (i+j)%97)
		}
		docs[i] = Document{URL: fmt.Sprintf("manuals/m%04d.html", i), Name: fmt.Sprintf("m-%04d", i), Title: words[i%len(words)],
			Triggers: []string{words[(i+1)%len(words)]}, Body: body.String(), ID: [32]byte{byte(i), byte(i >> 8), 7}}
	}
	c := NewAnalyses()
	write := func(docs []Document) {
		if _, err := Write(afero.NewMemMapFs(), docs, Options{Analyses: c}); err != nil {
			t.Fatal(err)
		}
	}
	write(docs)
	docs[1].ID, docs[1].Body = [32]byte{1, 0, 8}, "only new words: zebra yak"
	write(slices.Delete(docs, 5, 9))
	return c
}

// TestAppendBinaryKeepsItsBytes: AppendBinary writes what its first
// version (maps of term numbers) wrote, byte for byte, and reads back.
func TestAppendBinaryKeepsItsBytes(t *testing.T) {
	c := manyAnalyses(t, 300)
	got, want := c.AppendBinary([]byte("x")), appendBinaryMaps(c, []byte("x"))
	if !bytes.Equal(got, want) {
		t.Fatalf("AppendBinary wrote %d bytes, its first version %d; they differ", len(got), len(want))
	}
	back, err := ReadAnalyses(got[1:])
	if err != nil {
		t.Fatal(err)
	}
	if again := back.AppendBinary(nil); !bytes.Equal(again, got[1:]) {
		t.Error("the analyses read back give other bytes")
	}
	// Their sections are decoded when asked for, and give the same bytes
	// decoded as kept in their binary form.
	for _, a := range back.last {
		a.sections()
	}
	if again := back.AppendBinary(nil); !bytes.Equal(again, got[1:]) {
		t.Error("the analyses read back give other bytes once their sections are decoded")
	}
}

// BenchmarkAppendBinary encodes the analyses of 3,000 documents, with
// AppendBinary and with its first version (maps).
func BenchmarkAppendBinary(b *testing.B) {
	c := manyAnalyses(b, 3000)
	b.Run("slices", func(b *testing.B) {
		for b.Loop() {
			c.AppendBinary(nil)
		}
	})
	b.Run("maps", func(b *testing.B) {
		for b.Loop() {
			appendBinaryMaps(c, nil)
		}
	})
}
