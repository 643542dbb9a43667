package textan

import (
	"slices"
	"testing"
)

func TestGlossaryLookup(t *testing.T) {
	g := defaultAnalysis().gloss
	for _, tc := range []struct {
		word  string
		want  string
		split bool
	}{
		{"Diagramm", "chart", false},
		{"Diagramme", "chart", false},  // plural
		{"Dateien", "file", false},     // plural
		{"gespeichert", "save", false}, // participle
		{"erstellt", "create", false},  // verb ending
		{"Schluessel", "key", false},   // ue for ü
		{"Datenbankmigration", "database", true},
		{"Datenbankmigration", "migration", true},
		{"Bildschirmfotos", "screenshot", false},
		// An unknown modifier before known parts: the head carries the meaning.
		{"Kreditrisikodaten", "risk", true},
		{"Kreditrisikodaten", "data", true},
		{"Liniendiagramm", "chart", true},
	} {
		groups, split := g.lookup(tc.word)
		tr := slices.Concat(groups...)
		if !slices.Contains(tr, tc.want) || split != tc.split {
			t.Errorf("lookup(%s) = %v split %v, want %s split %v", tc.word, tr, split, tc.want, tc.split)
		}
	}
	// A known word inside a compound that is not its head is no split.
	for _, w := range []string{"Sauerteigbrot", "xyzzy", "Käsespätzle"} {
		if tr, _ := g.lookup(w); tr != nil {
			t.Errorf("lookup(%s) = %v, want nothing", w, tr)
		}
	}
}

func TestBeginsWord(t *testing.T) {
	a := New("")
	for p, want := range map[string]bool{"fehle": true, "fehler": true, "daten": true, "xyzzy": false, "fehlerz": false} {
		if got := a.BeginsWord(p); got != want {
			t.Errorf("BeginsWord(%q) = %v, want %v", p, got, want)
		}
	}
}
