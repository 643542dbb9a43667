package build

import (
	"reflect"
	"testing"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
)

// TestPublishedRoundTrip: what a good build records for the next one's
// up-to-date check keeps every field through its encoding (no findings,
// none as an empty list, findings with a fix); damaged or foreign bytes
// are refused.
func TestPublishedRoundTrip(t *testing.T) {
	ds := diag.List{
		{Pos: diag.Pos{File: "manuals/a.md", Line: 3, Col: 7, Offset: 41}, End: diag.Pos{File: "manuals/a.md", Line: 3, Col: 12, Offset: 46},
			Severity: diag.Warning, Rule: "ref/prose-reference", Message: "say manual_read('b')",
			Fix: &diag.Fix{Title: "use the call", Edits: []diag.Edit{{Start: 41, End: 46, New: "manual_read('b')"}}}},
		{Pos: diag.Pos{File: "manuals/a.md"}, Severity: diag.Info, Rule: "size/goal", Message: "Größe: 120 lines"},
	}
	for _, list := range []diag.List{nil, {}, ds} {
		in := published{Inputs: cache.Of([]byte("inputs")), Extra: []string{"img/a.png"},
			Lint:    lint.Report{Diagnostics: list, Files: 12, Version: "v1.2.3"},
			Catalog: &CatalogInfo{Path: "lore/catalog.bleve", Documents: 40, InputsSHA256: "ab12"}, Manuals: 12}
		b, err := in.encode()
		if err != nil {
			t.Fatal(err)
		}
		out, ok := decodePublished(b)
		if !ok || !reflect.DeepEqual(*out, in) {
			t.Fatalf("round trip of %d findings (nil %v): got %+v, want %+v", len(list), list == nil, out, in)
		}
		for _, bad := range [][]byte{b[:len(b)-1], append(b, 0), b[len(publishedMagic):], []byte(`{"inputs":null}`)} {
			if _, ok := decodePublished(bad); ok {
				t.Errorf("damaged bytes (%d of %d) decoded", len(bad), len(b))
			}
		}
	}
}
