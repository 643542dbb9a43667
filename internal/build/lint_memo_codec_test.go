package build

import (
	"reflect"
	"testing"

	"github.com/lorekit/lore/internal/diag"
)

// TestDiagsRoundTrip: findings keep every field through the lint memo's
// encoding, a fix included; damaged bytes are refused.
func TestDiagsRoundTrip(t *testing.T) {
	ds := diag.List{
		{Pos: diag.Pos{File: "manuals/a.md", Line: 3, Col: 7, Offset: 41}, End: diag.Pos{File: "manuals/a.md", Line: 3, Col: 12, Offset: 46},
			Severity: diag.Warning, Rule: "ref/prose-reference", Message: "say manual_read('b')",
			Fix: &diag.Fix{Title: "use the call", Edits: []diag.Edit{{Start: 41, End: 46, New: "manual_read('b')"}, {Start: 50, End: 50}}}},
		{Pos: diag.Pos{File: "manuals/a.md"}, Severity: diag.Info, Rule: "size/goal", Message: "Größe: 120 lines"},
		{Pos: diag.Pos{File: "manuals/a.md", Line: 1}, Severity: diag.Error, Rule: "x/y", Fix: &diag.Fix{}},
	}
	for _, in := range []diag.List{nil, ds} {
		b := appendDiags(nil, in)
		got, err := decodeDiags(b)
		if err != nil {
			t.Fatal(err)
		}
		if len(in) == 0 && len(got) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, in) {
			t.Fatalf("got %+v\nwant %+v", got, in)
		}
		for _, bad := range [][]byte{b[:len(b)-1], append(b[:len(b):len(b)], 0), {9}, nil} {
			if _, err := decodeDiags(bad); err == nil {
				t.Errorf("damaged bytes %x decoded", bad)
			}
		}
	}
}
