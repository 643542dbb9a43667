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
	if got := a.cognateTerms("Komponenten", known); !slices.Equal(got, []string{"compon"}) {
		t.Errorf("cognateTerms(Komponenten) = %v, want [compon]", got)
	}
	if got := a.cognateTerms("Komponenten", func(string) bool { return false }); got != nil {
		t.Errorf("cognateTerms with an empty catalog = %v, want none", got)
	}
	// aktuell is a false friend: the glossary's "current" wins.
	w := qword{raw: "aktuell", en: "aktuel", de: []string{"aktuell"}}
	a.expand(&w, "de", func(s string) bool { return s == "actual" || s == "current" })
	if w.cognate || !slices.Contains(w.trans, "current") || slices.Contains(w.trans, "actual") {
		t.Errorf("aktuell: trans %v cognate %v, want the glossary's current", w.trans, w.cognate)
	}
}
