package textan

import (
	"slices"
	"testing"
)

func TestLemmaCandidates(t *testing.T) {
	for w, want := range map[string]string{
		"passenden":       "passend",      // adjective ending
		"passend":         "passen",       // present participle → verb
		"schlechter":      "schlecht",     // comparative
		"umsetzung":       "umsetzen",     // -ung noun → verb
		"behandlung":      "behandeln",    // … with the e of -eln back
		"anderungen":      "andern",       // plural, umlauts normalised
		"andern":          "anderung",     // verb → -ung noun
		"umzusetzen":      "umsetzen",     // zu-infinitive
		"herauszufinden":  "herausfinden", // … after a longer particle
		"gib":             "geben",        // imperative e → i
		"entwirf":         "entwerfen",
		"lies":            "lesen", // imperative e → ie
		"hilf":            "helfen",
		"konfigurationen": "konfiguration",
	} {
		if got := lemmaCandidates(w); !slices.Contains(got, want) {
			t.Errorf("lemmaCandidates(%s) = %v, want %s among them", w, got, want)
		}
	}
	for _, w := range []string{"ab", "xyz"} {
		if got := lemmaCandidates(w); len(got) > 0 {
			t.Errorf("lemmaCandidates(%s) = %v, want none", w, got)
		}
	}
}

// TestGlossaryFindsOtherForms checks that the glossary finds a word by a
// form it does not list, through lemmaCandidates.
func TestGlossaryFindsOtherForms(t *testing.T) {
	g := defaultAnalysis().gloss
	for w, want := range map[string]string{
		"passenden": "fit",    // passen
		"entwirf":   "design", // entwerfen
		"gib":       "give",   // geben
	} {
		groups, _ := g.lookup(w)
		if tr := slices.Concat(groups...); !slices.Contains(tr, want) {
			t.Errorf("lookup(%s) = %v, want %s among them", w, tr, want)
		}
	}
}
