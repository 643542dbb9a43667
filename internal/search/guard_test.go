package search

import (
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
