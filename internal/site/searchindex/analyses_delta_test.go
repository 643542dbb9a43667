package searchindex

import (
	"fmt"
	"maps"
	"slices"
	"testing"
)

// Through edits, a move, additions and removals, the analyses a later
// process has (the base ReadAnalyses reads, and the delta of the last
// build applied) give the same index as a fresh write, spare every
// analysis made before, and encode as the analyses they were written from.
func TestAnalysesDeltaKeepsWhatChanged(t *testing.T) {
	docs := make([]Document, 40)
	for i := range docs {
		docs[i] = Document{URL: fmt.Sprintf("manuals/m%02d.html", i), Name: fmt.Sprintf("m-%02d", i), Title: "Expenses",
			Body: fmt.Sprintf("Receipts and invoices, step %d. Belege einreichen.", i), ID: [32]byte{byte(i), 1}}
	}
	c := NewAnalyses()
	writeFiles(t, docs, c)
	base := c.AppendBinary(nil)
	steps := []struct {
		edit     func([]Document) []Document
		analysed int
	}{
		{func(d []Document) []Document { return d }, 0},
		{func(d []Document) []Document { d[3].ID, d[3].Body = [32]byte{3, 2}, "Zebra crossings."; return d }, 1},
		{func(d []Document) []Document { d[5].URL = "manuals/zz-moved.html"; return d }, 0},
		{func(d []Document) []Document { return slices.Delete(d, 10, 12) }, 0},
		{func(d []Document) []Document {
			return append(d, Document{URL: "manuals/new.html", Name: "new", Body: "Quarterly reconciliation of ledgers."})
		}, 1},
		{func(d []Document) []Document { d[0].ID, d[0].Body = [32]byte{0, 2}, "Yak shaving."; return d }, 1},
	}
	var delta []byte
	for i, st := range steps {
		docs = st.edit(docs)
		kept, err := ReadAnalyses(base)
		if err != nil {
			t.Fatal(err)
		}
		if delta != nil {
			if err := kept.ApplyDelta(delta); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
		}
		got := writeFiles(t, docs, kept)
		if kept.analysed != st.analysed {
			t.Errorf("step %d analysed %d documents, want %d", i, kept.analysed, st.analysed)
		}
		if fresh := writeFiles(t, docs, nil); !maps.Equal(got, fresh) {
			t.Errorf("step %d: the index written with the base and the delta differs from a fresh one", i)
		}
		var ok bool
		if delta, ok = kept.AppendDelta(nil); !ok {
			t.Fatalf("step %d: no delta", i)
		}
		if len(delta)*6 > len(base) {
			t.Errorf("step %d: a delta of %d bytes beside a base of %d", i, len(delta), len(base))
		}
		back, err := ReadAnalyses(base)
		if err != nil {
			t.Fatal(err)
		}
		if err := back.ApplyDelta(delta); err != nil {
			t.Fatal(err)
		}
		if string(back.AppendBinary(nil)) != string(kept.AppendBinary(nil)) {
			t.Errorf("step %d: the base and the delta encode otherwise than the analyses they were written from", i)
		}
	}
}

// AppendDelta declines when the changes are a large part of the base, or
// when there is no base; ApplyDelta refuses damaged or foreign bytes and
// leaves the analyses as they were.
func TestAnalysesDeltaRefused(t *testing.T) {
	c := manyAnalyses(t, 40)
	if _, ok := c.AppendDelta(nil); ok {
		t.Error("a delta of analyses without a base")
	}
	base := c.AppendBinary(nil)
	kept, err := ReadAnalyses(base)
	if err != nil {
		t.Fatal(err)
	}
	kept.last = maps.Clone(kept.last)
	for k := range kept.last {
		if len(kept.last) <= 25 {
			break
		}
		delete(kept.last, k)
	}
	if d, ok := kept.AppendDelta([]byte("x")); ok || string(d) != "x" {
		t.Error("a delta of more than a quarter of the base")
	}
	kept, _ = ReadAnalyses(base)
	delete(kept.last, slices.Collect(maps.Keys(kept.last))[0])
	d, ok := kept.AppendDelta(nil)
	if !ok {
		t.Fatal("no delta of one removal")
	}
	other := NewAnalyses()
	other.vocab = "kubectl"
	otherBase, _ := ReadAnalyses(other.AppendBinary(nil))
	for name, bad := range map[string][]byte{"cut": d[:len(d)-1], "grown": append(slices.Clone(d), 1), "base": base, "empty": nil} {
		back, _ := ReadAnalyses(base)
		if back.ApplyDelta(bad) == nil {
			t.Errorf("a %s delta was applied", name)
		}
		if len(back.last) != 40-4 {
			t.Errorf("a %s delta changed the analyses", name)
		}
	}
	if otherBase.ApplyDelta(d) == nil {
		t.Error("a delta applied to analyses of another vocabulary")
	}
}
