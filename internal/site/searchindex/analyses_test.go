package searchindex

import (
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"testing"

	"github.com/spf13/afero"
)

// writeFiles writes the index of docs into memory and returns its files.
func writeFiles(t *testing.T, docs []Document, c *Analyses) map[string]string {
	t.Helper()
	mem := afero.NewMemMapFs()
	if _, err := Write(mem, docs, Options{Analyses: c}); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	err := afero.Walk(mem, "search", func(p string, fi fs.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			b, rerr := afero.ReadFile(mem, p)
			out[p] = string(b)
			return rerr
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// An index written with remembered analyses is the same, byte for byte,
// as one written from scratch, through edits, additions and removals,
// and only the new or changed documents are analysed again.
func TestAnalysesGiveTheSameIndex(t *testing.T) {
	docs := make([]Document, 40)
	for i := range docs {
		docs[i] = Document{
			URL: fmt.Sprintf("manuals/m%02d.html", i), Name: fmt.Sprintf("manual-%02d", i), Title: fmt.Sprintf("Manual %d", i),
			Summary: "How to file expense reports.", Triggers: []string{"expenses", "Spesen"},
			Body: fmt.Sprintf("Receipts and invoices, step %d. Belege einreichen.", i),
		}
	}
	c := NewAnalyses()
	steps := []func([]Document) []Document{
		func(d []Document) []Document { return d },
		func(d []Document) []Document { d[3].Body += " Reimbursement within thirty days."; return d },
		func(d []Document) []Document { d[7].Triggers = []string{"travel costs"}; return d },
		func(d []Document) []Document { return slices.Delete(d, 10, 12) },
		func(d []Document) []Document {
			return append(d, Document{URL: "manuals/new.html", Name: "new", Body: "Quarterly reconciliation of ledgers."})
		},
		func(d []Document) []Document {
			d[0].Audience = "arthur"
			d[1].RequiresTools = []string{"web_fetch"}
			return d
		},
	}
	want := []int{40, 1, 1, 0, 1, 2} // documents analysed at each step
	for i, step := range steps {
		docs = step(docs)
		got := writeFiles(t, docs, c)
		if c.analysed != want[i] {
			t.Errorf("step %d analysed %d documents, want %d", i, c.analysed, want[i])
		}
		fresh := writeFiles(t, docs, nil)
		if !maps.Equal(got, fresh) {
			t.Errorf("step %d: the index written with remembered analyses differs from a fresh one", i)
		}
	}
}
