package lint

import (
	"slices"
	"testing"

	"github.com/lorekit/lore/internal/textan"
)

// TestKeyMemoIsTextanKeys: the memo gives textan.Key and textan.Keys,
// asked once or again, in any order.
func TestKeyMemoIsTextanKeys(t *testing.T) {
	lists := [][]string{
		{"Bar Charts", "bar chart", "Diagramme", "", "the", "Diagramm"},
		{"Diagramm", "Budget", "budget compression", "Budget Warnungen"},
		{"Bar Charts", "und", "Komprimierung", "komprimierung"},
	}
	m := keyMemo{}
	for range 2 {
		for _, ts := range lists {
			if got, want := m.keys(ts), textan.Keys(ts); !slices.Equal(got, want) {
				t.Errorf("keys(%q) = %q, textan.Keys %q", ts, got, want)
			}
			for _, tr := range ts {
				if got, want := m.key(tr), textan.Key(tr); got != want {
					t.Errorf("key(%q) = %q, textan.Key %q", tr, got, want)
				}
			}
		}
	}
}
