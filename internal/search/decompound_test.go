package search

import (
	"slices"
	"testing"
)

// TestCatalogParts checks that a German compound of words the glossary
// does not all know is split against the catalog's vocabulary: English
// loanwords and cognates the catalog holds, and glossary words.
func TestCatalogParts(t *testing.T) {
	a, err := NewAnalysis()
	if err != nil {
		t.Fatal(err)
	}
	catalog := map[string]bool{"code": true, "chang": true, "test": true, "pyramid": true, "meet": true, "rout": true, "server": true}
	known := func(s string) bool { return catalog[s] }
	for w, want := range map[string][]string{
		"Codeänderung":  {"code", "chang"},   // loanword + glossary word
		"Testpyramide":  {"test", "pyramid"}, // loanword + cognate
		"Kundenmeeting": {"custom", "meet"},  // glossary word + loanword with -ing
		"Serverrouten":  {"server", "rout"},  // loanword + German plural of one
	} {
		groups := a.catalogParts(w, known)
		if len(groups) < 2 {
			t.Errorf("catalogParts(%s) = %v, want a split", w, groups)
			continue
		}
		all := slices.Concat(groups...)
		for _, term := range want {
			if !slices.Contains(all, term) {
				t.Errorf("catalogParts(%s) = %v, want %s among the terms", w, groups, term)
			}
		}
	}
	// A word that does not split whole into known parts, and a part the
	// catalog does not hold, give nothing.
	for _, w := range []string{"Sommerfest", "Kundenbesuch", "Codex", "Testament"} {
		if groups := a.catalogParts(w, known); groups != nil {
			t.Errorf("catalogParts(%s) = %v, want no split", w, groups)
		}
	}
}

// TestModifierTerms checks that a German compound whose head the
// vocabulary does not know is rendered by its modifier, and that a word
// derived from a glossary word (a derivational ending after it) is not.
func TestModifierTerms(t *testing.T) {
	a, err := NewAnalysis()
	if err != nil {
		t.Fatal(err)
	}
	for w, want := range map[string]string{
		"Fehlerbehandlung": "error", // Fehler + Behandlung
		"Seitenwechsel":    "page",  // Seite(n) + Wechsel
	} {
		if terms := a.modifierTerms(w); !slices.Contains(terms, want) {
			t.Errorf("modifierTerms(%s) = %v, want %s among the terms", w, terms, want)
		}
	}
	for _, w := range []string{
		"wissenschaftliche", // Wissen + -schaftlich: a derivation
		"klassischen",       // Klasse + -isch
		"Prozessoren",       // Prozess + -or
		"Fehlerchen",        // a head shorter than minHead
		"Fehler",            // no compound
	} {
		if terms := a.modifierTerms(w); terms != nil {
			t.Errorf("modifierTerms(%s) = %v, want none", w, terms)
		}
	}
}
