package search

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/mapping"

	"github.com/lorekit/lore/internal/guard"
)

// panicMapping panics mapping the document with ID bad.
type panicMapping struct {
	mapping.IndexMapping
	bad string
}

func (m panicMapping) MapDocument(doc *document.Document, data any) error {
	if doc.ID() == m.bad {
		panic("injected analysis panic")
	}
	return m.IndexMapping.MapDocument(doc, data)
}

// A panic while indexing is pinned on the manual it hit.
func TestIndexPanicNamesTheManual(t *testing.T) {
	im, err := newMapping(nil)
	if err != nil {
		t.Fatal(err)
	}
	pm := panicMapping{IndexMapping: im, bad: "b"}
	es := []*entry{{ID: "a", Path: "manuals/a.md"}, {ID: "b", Path: "manuals/b.md"}, {ID: "c", Path: "manuals/c.md"}}
	err = indexFailure(pm, es, es[2], &guard.PanicError{Value: "in the batch"})
	if err == nil || !strings.HasPrefix(err.Error(), "manuals/b.md: cannot index the manual") || !strings.Contains(err.Error(), "injected analysis panic") {
		t.Fatalf("indexFailure = %v, want manuals/b.md named with the panic", err)
	}
	if err := analyse(pm, es[1]); err == nil || !strings.Contains(err.Error(), "injected analysis panic") {
		t.Fatalf("analyse = %v", err)
	}
	if err := analyse(im, es[0]); err != nil {
		t.Fatalf("analyse = %v", err)
	}
}

// A catalog whose index segment is damaged (bleve reads the offsets in its
// files as they are, and panics on forged ones) is an error that names
// the catalog, whether opening it or answering from it fails: lore howdoi
// --catalog and lore mcp read folders anyone may have written.
func TestDamagedSegmentIsAnError(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "catalog.bleve")
	src := manyManuals(t, 40, -1)
	if _, err := Build(dir, src); err != nil {
		t.Fatal(err)
	}
	segs, err := filepath.Glob(filepath.Join(dir, "store", "*.zap"))
	if err != nil || len(segs) != 1 {
		t.Fatalf("segments %v (%v), want one", segs, err)
	}
	good, err := os.ReadFile(segs[0])
	if err != nil {
		t.Fatal(err)
	}
	damaged := 0
	// Every 4-byte word of the footer (where the segment's offsets are)
	// and a spread of words elsewhere, each set to 0xff….
	var at []int
	for i := len(good) - 64; i < len(good)-3; i += 4 {
		at = append(at, i)
	}
	for i := 0; i < len(good)-64; i += len(good) / 40 {
		at = append(at, i)
	}
	for _, i := range at {
		b := bytes.Clone(good)
		copy(b[i:], []byte{0xff, 0xff, 0xff, 0xff})
		if err := os.WriteFile(segs[0], b, 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := Open(dir)
		if err != nil {
			damaged++
			if !strings.Contains(err.Error(), dir) {
				t.Errorf("byte %d: %v does not name the catalog", i, err)
			}
			continue
		}
		for _, q := range []string{"harbour routine 17", "check line"} {
			if _, err := c.HowDoI(q, all); err != nil {
				damaged++
			}
		}
		if _, err := c.List(all); err != nil {
			damaged++
		}
		c.Close()
	}
	if damaged == 0 {
		t.Error("no damage was found: the test damages nothing bleve reads")
	}
}
