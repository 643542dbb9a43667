package searchindex

import (
	"crypto/sha256"
	"fmt"
	"maps"
	"slices"
	"testing"
)

// keptWrite writes the index of docs with the analyses c (read back from
// their binary form, as a new process does) into files, the output of
// the write before: a document file whose bytes files holds is kept
// (Options.Kept), the others are emitted into it. It returns the names
// emitted.
func keptWrite(t *testing.T, docs []Document, c *Analyses, files map[string]string) (*Analyses, []string) {
	t.Helper()
	kept, err := ReadAnalyses(c.AppendBinary(nil))
	if err != nil {
		t.Fatal(err)
	}
	before := maps.Clone(files)
	clear(files)
	var emitted []string
	opt := Options{Analyses: kept, Kept: func(name string, sum [32]byte) bool {
		b, ok := before["search/"+name]
		if !ok || sha256.Sum256([]byte(b)) != sum {
			return false
		}
		files["search/"+name] = b
		return true
	}}
	_, err = WriteFunc(func(name string, data []byte) error {
		files["search/"+name] = string(data)
		emitted = append(emitted, name)
		return nil
	}, docs, opt)
	if err != nil {
		t.Fatal(err)
	}
	return kept, emitted
}

// A document file the output holds already is neither encoded nor
// emitted again, and the index (its ID included) is byte for byte the one
// written from scratch, through an edit, an addition that moves the
// later documents' numbers, and a removal.
func TestKeptDocumentFiles(t *testing.T) {
	docs := make([]Document, 20)
	for i := range docs {
		docs[i] = Document{URL: fmt.Sprintf("manuals/m%02d.html", i), Name: fmt.Sprintf("m-%02d", i), Title: "Expenses",
			Body: fmt.Sprintf("Receipts and invoices, step %d.", i), ID: [32]byte{byte(i), 1},
			Sections: []Section{{Text: fmt.Sprintf("Receipts %d.", i)}}}
	}
	c := NewAnalyses()
	files := writeFiles(t, docs, c)
	fragments := func(names []string) (n int) {
		for _, name := range names {
			if len(name) > 2 && name[:2] == "f/" {
				n++
			}
		}
		return n
	}
	steps := []struct {
		name  string
		edit  func([]Document) []Document
		wantF int // document files emitted
	}{
		{"nothing changed", func(d []Document) []Document { return d }, 0},
		{"one edited", func(d []Document) []Document {
			d[7].ID, d[7].Sections = [32]byte{7, 2}, []Section{{Text: "Receipts, edited."}}
			return d
		}, 1},
		{"one added first", func(d []Document) []Document {
			return slices.Insert(d, 0, Document{URL: "manuals/a.html", Name: "a", Title: "New", Body: "Travel costs.", ID: [32]byte{99}})
		}, 21},
		{"one removed last", func(d []Document) []Document { return d[:len(d)-1] }, 0},
	}
	for _, st := range steps {
		docs = st.edit(docs)
		var emitted []string
		c, emitted = keptWrite(t, docs, c, files)
		if got := fragments(emitted); got != st.wantF {
			t.Errorf("%s: %d document files emitted, want %d", st.name, got, st.wantF)
		}
		fresh := writeFiles(t, docs, nil)
		if !maps.Equal(files, fresh) {
			for name, b := range fresh {
				if files[name] != b {
					t.Errorf("%s: %s differs from the index written from scratch", st.name, name)
				}
			}
			t.Fatalf("%s: the index differs from the one written from scratch", st.name)
		}
	}
}
