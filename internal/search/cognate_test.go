package search

import (
	"slices"
	"testing"
)

func TestCognates(t *testing.T) {
	for w, want := range map[string]string{
		"komponente":    "component",
		"komponenten":   "component",
		"konfiguration": "configuration",
		"identität":     "identity",
		"zertifikat":    "certificate",
		"validieren":    "validate",
		"konfigurieren": "configure",
		"optimierung":   "optimization",
		"automatisch":   "automatic",
		"architektur":   "architecture",
		"referenz":      "reference",
		"instanz":       "instance",
		"strategie":     "strategy",
		"interaktiv":    "interactive",
		"prozess":       "process",
		"grafik":        "graphic",
		"analyse":       "analysis",
		"diagnose":      "diagnosis",
		"hypothese":     "hypothesis",
	} {
		if got := cognates(w); !slices.Contains(got, want) {
			t.Errorf("cognates(%s) = %v, want %s among them", w, got, want)
		}
	}
	for _, w := range []string{"kind", "rat", "test", "schlüssel3"} {
		if got := cognates(w); got != nil {
			t.Errorf("cognates(%s) = %v, want none (too short, or not a word)", w, got)
		}
	}
}

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
