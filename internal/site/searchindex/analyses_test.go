package searchindex

import (
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/textan"
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
		// A document moved: the same analysis, another document file
		// (which holds the URL).
		func(d []Document) []Document { d[5].URL = "manuals/zz-moved.html"; return d },
		// Two documents alike but for their URLs share an analysis.
		func(d []Document) []Document {
			twin := d[6]
			twin.URL = "manuals/twin.html"
			return append(d, twin)
		},
		func(d []Document) []Document { return d },
	}
	want := []int{40, 1, 1, 0, 1, 2, 0, 0, 0} // documents analysed at each step
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

// Analyses kept in their binary form (a later process) give the same
// index and spare the same analyses; a document known by its ID is not
// asked for its text nor its sections (they are remembered for its
// document file); damaged bytes are refused.
func TestAnalysesKeptBetweenProcesses(t *testing.T) {
	var asked atomic.Int32 // texts are asked for by several goroutines
	docs := make([]Document, 30)
	for i := range docs {
		body := fmt.Sprintf("Receipts and invoices, step %d. Belege einreichen.", i)
		docs[i] = Document{URL: fmt.Sprintf("manuals/m%02d.html", i), Name: fmt.Sprintf("m-%02d", i), Title: "Expenses",
			Parts: func() (string, []Section) {
				asked.Add(1)
				return body, []Section{{Text: "Receipts."}, {Anchor: "steps", Heading: "Steps", Text: fmt.Sprintf("Step %d.", i)}}
			}, ID: [32]byte{byte(i), 1}}
	}
	docs = append(docs, Document{URL: "page.html", Title: "A page without an ID", Body: "Ledgers and reconciliation."})
	c := NewAnalyses()
	want := writeFiles(t, docs, c)
	if n := asked.Load(); n != 30 {
		t.Fatalf("%d texts asked for on the first write, want 30", n)
	}
	b := c.AppendBinary(nil)
	if again := c.AppendBinary(nil); string(again) != string(b) {
		t.Fatal("the same analyses gave other bytes")
	}
	kept, err := ReadAnalyses(b)
	if err != nil {
		t.Fatal(err)
	}
	asked.Store(0)
	docs[4].ID = [32]byte{4, 2} // changed
	docs[4].Title = "Travel"
	got := writeFiles(t, docs, kept)
	if n := asked.Load(); n != 1 || kept.analysed != 1 {
		t.Errorf("after a reload and one change: %d texts asked for, %d documents analysed; want 1 and 1", n, kept.analysed)
	}
	if fresh := writeFiles(t, docs, nil); !maps.Equal(got, fresh) {
		t.Error("the index written with reloaded analyses differs from a fresh one")
	}
	if maps.Equal(got, want) {
		t.Error("the change did not change the index")
	}
	for name, bad := range map[string][]byte{"cut": b[:len(b)-1], "grown": append(slices.Clone(b), 1), "foreign": []byte("LOREANA1"), "empty": nil} {
		if _, err := ReadAnalyses(bad); err == nil {
			t.Errorf("%s analyses were read", name)
		}
	}
}

// A document without an ID is known by its sections too: one whose
// anchor changed while its text did not gets the new anchor in its
// document file, with remembered analyses as without.
func TestAnalysesKnowSectionsOfDocumentsWithoutID(t *testing.T) {
	doc := func(anchor string) []Document {
		return []Document{{URL: "page.html", Title: "Page", Body: "Deploy\nRoll out.",
			Sections: []Section{{Anchor: anchor, Heading: "Deploy", Text: "Roll out."}}}}
	}
	c := NewAnalyses()
	writeFiles(t, doc("deploy"), c)
	got := writeFiles(t, doc("deploy-1"), c)
	if want := writeFiles(t, doc("deploy-1"), nil); !maps.Equal(got, want) {
		t.Error("the index written with remembered analyses differs from a fresh one")
	}
	if !strings.Contains(got["search/f/0.json"], `"deploy-1"`) {
		t.Errorf("document file %s lacks the new anchor", got["search/f/0.json"])
	}
}

// Analyses kept in their binary form remember the project vocabulary they
// were made with: a later process with the same vocabulary analyses
// nothing again, one with another analyses every document.
func TestAnalysesKeepTheirVocabulary(t *testing.T) {
	docs := []Document{{URL: "a.html", Title: "Abrechnung", Body: "Rechnungen exportieren."}, {URL: "b.html", Title: "Deploy", Body: "Roll out."}}
	write := func(c *Analyses, vocab string) map[string]string {
		t.Helper()
		mem := afero.NewMemMapFs()
		if _, err := Write(mem, docs, Options{Analyses: c, Analysis: textan.New(vocab)}); err != nil {
			t.Fatal(err)
		}
		b, err := afero.ReadFile(mem, "search/t/0.bin")
		if err != nil {
			t.Fatal(err)
		}
		return map[string]string{"t/0.bin": string(b)}
	}
	const vocab = "Abrechnung: billing, invoice\n"
	c := NewAnalyses()
	write(c, vocab)
	for _, v := range []struct {
		vocab    string
		analysed int
	}{{vocab, 0}, {"", 2}} {
		kept, err := ReadAnalyses(c.AppendBinary(nil))
		if err != nil {
			t.Fatal(err)
		}
		got := write(kept, v.vocab)
		if kept.analysed != v.analysed {
			t.Errorf("vocabulary %q after a reload: %d documents analysed, want %d", v.vocab, kept.analysed, v.analysed)
		}
		if fresh := write(nil, v.vocab); !maps.Equal(got, fresh) {
			t.Errorf("vocabulary %q: the index written with reloaded analyses differs from a fresh one", v.vocab)
		}
	}
}

// AppendBinary makes room for the analyses before it appends them: the
// buffer of thousands of documents is not grown step by step into one up
// to twice their size (which the end of a lore build held beside them).
func TestAnalysesBinaryIsSizedBeforehand(t *testing.T) {
	docs := make([]Document, 400)
	for i := range docs {
		docs[i] = Document{
			URL: fmt.Sprintf("manuals/m%03d.html", i), Name: fmt.Sprintf("manual-%03d", i), Title: fmt.Sprintf("Manual %d", i),
			Summary: "How to file expense reports.", Triggers: []string{"expenses", "Spesen"},
			Body: strings.Repeat(fmt.Sprintf("Receipts and invoices, step %d, Belege einreichen. ", i), 20),
			Sections: []Section{{Text: strings.Repeat(fmt.Sprintf("Receipts and invoices, step %d. ", i), 20)},
				{Anchor: "more", Heading: "More", Text: strings.Repeat("Quarterly reconciliation of ledgers. ", 10)}},
		}
	}
	c := NewAnalyses()
	writeFiles(t, docs, c)
	b := c.AppendBinary(nil)
	if len(b) < 256<<10 {
		t.Fatalf("the analyses are %d bytes: too few to tell a grown buffer from one made to size", len(b))
	}
	// The allocator rounds a large buffer up to whole pages.
	if slack := cap(b) - len(b); slack > 8<<10 {
		t.Errorf("AppendBinary's buffer has %d bytes of room left over %d used: not made to size", slack, len(b))
	}
	if _, err := ReadAnalyses(b); err != nil {
		t.Fatal(err)
	}
}

// Analyses keep a document's file for the next Write only once its
// analysis was remembered: the documents of a first Write (all of a
// single lore build) are not held twice, as sections and as files.
func TestAnalysesKeepFilesOfRememberedDocuments(t *testing.T) {
	docs := []Document{
		{URL: "manuals/a.html", Name: "a", Body: "Receipts and invoices."},
		{URL: "manuals/b.html", Name: "b", Body: "Quarterly reconciliation of ledgers."},
	}
	c := NewAnalyses()
	kept := func() (n int) {
		for _, a := range c.last {
			if a.frag != nil {
				n++
			}
		}
		return n
	}
	first := writeFiles(t, docs, c)
	if n := kept(); n != 0 {
		t.Errorf("after the first Write %d document files are kept, want none", n)
	}
	docs[1].Body += " Belege einreichen."
	if second := writeFiles(t, docs, c); first["search/f/0.json"] != second["search/f/0.json"] {
		t.Errorf("the unchanged document's file changed")
	}
	if n := kept(); n != 1 {
		t.Errorf("after the second Write %d document files are kept, want 1 (the remembered one)", n)
	}
}
