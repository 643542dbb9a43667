package search

import (
	"slices"
	"testing"
)

// TestCognatesOnlyWhatTheCatalogKnows checks that the router keeps a
// cognate only when the catalog holds it, and asks the glossary first.
func TestCognatesOnlyWhatTheCatalogKnows(t *testing.T) {
	a, err := NewAnalysis()
	if err != nil {
		t.Fatal(err)
	}
	known := func(s string) bool { return s == "compon" }
	if got := a.cognateTerms("Komponenten", "", known); !slices.Equal(got, []string{"compon"}) {
		t.Errorf("cognateTerms(Komponenten) = %v, want [compon]", got)
	}
	if got := a.cognateTerms("Komponenten", "", func(string) bool { return false }); got != nil {
		t.Errorf("cognateTerms with an empty catalog = %v, want none", got)
	}
	// aktuell is a false friend: the glossary's "current" wins.
	w := qword{raw: "aktuell", en: "aktuel", de: []string{"aktuell"}}
	a.expand(&w, "de", func(s string) bool { return s == "actual" || s == "current" })
	if w.cognate || !slices.Contains(w.trans, "current") || slices.Contains(w.trans, "actual") {
		t.Errorf("aktuell: trans %v cognate %v, want the glossary's current", w.trans, w.cognate)
	}
}

// TestCognatesOfAnInflectedWord checks that a German word whose ending
// hides its cognate (an inflected adjective or participle) is matched by
// the cognates of its stem, and only when the word's own do not exist.
func TestCognatesOfAnInflectedWord(t *testing.T) {
	a, err := NewAnalysis()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ raw, stem, want string }{
		{"offiziellen", "offiziell", "offici"},
		{"klassischen", "klassisch", "classic"},
		{"technischer", "technisch", "technic"},
	} {
		known := func(s string) bool { return s == c.want }
		if got := a.cognateTerms(c.raw, "", known); got != nil {
			t.Errorf("cognateTerms(%s) without its stem = %v, want none: the ending hides the cognate", c.raw, got)
		}
		if got := a.cognateTerms(c.raw, c.stem, known); !slices.Equal(got, []string{c.want}) {
			t.Errorf("cognateTerms(%s, stem %s) = %v, want [%s]", c.raw, c.stem, got, c.want)
		}
		w := qword{raw: c.raw, en: c.raw, de: []string{c.stem}}
		a.expand(&w, "de", known)
		if !w.cognate || !slices.Equal(w.trans, []string{c.want}) {
			t.Errorf("expand(%s): trans %v cognate %v, want [%s] as a cognate", c.raw, w.trans, w.cognate, c.want)
		}
	}
	// The word's own cognate is preferred to its stem's.
	known := func(s string) bool { return s == "compon" || s == "component" }
	if got := a.cognateTerms("Komponente", "komponent", known); !slices.Equal(got, []string{"compon"}) {
		t.Errorf("cognateTerms(Komponente) = %v, want [compon]", got)
	}
}
