package search

import (
	"errors"
	"strings"
	"testing"
)

// A request longer than MaxIntent is refused with its length named; one
// word of MaxIntent letters (no word of any catalog) is routed, to a hint
// that quotes the request's start only.
func TestLongRequests(t *testing.T) {
	c := open(t, fixture(t))
	long := strings.Repeat("Datenbankmigrationsfehlerbehandlungsverfahren ", 100)[:MaxIntent+1]
	_, err := c.HowDoI(long, Visibility{})
	var tl *IntentTooLongError
	if !errors.As(err, &tl) || tl.Len != MaxIntent+1 || !strings.Contains(err.Error(), "4097 bytes") {
		t.Fatalf("HowDoI of %d bytes: %v, want IntentTooLongError naming the length", len(long), err)
	}
	for _, w := range []string{
		strings.Repeat("Datenbankmigrationsfehlerbehandlungsverfahren", 100)[:MaxIntent],
		strings.Repeat("gege", MaxIntent/4),
		strings.Repeat("a", MaxIntent),
	} {
		a, err := c.HowDoI(w, Visibility{})
		if err != nil || a.Loaded != nil || a.Hint == "" || len(a.Hint) > maxQuoted+200 || !strings.Contains(a.Hint, "…") {
			t.Errorf("HowDoI(%.12s… of %d bytes) = %+v, %v; want a hint quoting the start of the request", w, len(w), a, err)
		}
	}
}

// BenchmarkLongRequest routes requests of MaxIntent bytes: one long word,
// and many short ones.
func BenchmarkLongRequest(b *testing.B) {
	c := open(b, fixture(b))
	word := strings.Repeat("Datenbankmigrationsfehlerbehandlungsverfahren", 100)[:MaxIntent]
	words := strings.Repeat("Fehlerbehandlung beim Speichern der Datenbank ", 100)[:MaxIntent]
	for b.Loop() {
		for _, r := range []string{word, words} {
			if _, err := c.HowDoI(r, Visibility{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
