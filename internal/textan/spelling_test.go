package textan

import (
	"slices"
	"testing"
)

func TestSpellingTerms(t *testing.T) {
	for w, want := range map[string]string{
		"summarise":    "summarize",
		"summarising":  "summarizing",
		"summarize":    "summarise",
		"organisation": "organization",
		"colours":      "colors",
		"color":        "colour",
		"favourite":    "favorite",
		"centre":       "center",
		"centred":      "centered",
		"catalogue":    "catalog",
		"dialog":       "dialogue",
		"licence":      "license",
		"analyse":      "analyze",
	} {
		if got := SpellingTerms(w); !slices.Contains(got, StemEnglish(want)) {
			t.Errorf("SpellingTerms(%s) = %v, want the term of %s (%s) among them", w, got, want, StemEnglish(want))
		}
	}
	// No rule applies, or the letters before the ending are too few to be
	// a stem (hour is no h+our, rise no r+ise), or the other spelling
	// stems alike (modelling / modeling); diagram has no Diagramme.
	for _, w := range []string{"test", "hour", "rise", "modelling", "deploy", "diagram"} {
		if got := SpellingTerms(w); got != nil {
			t.Errorf("SpellingTerms(%s) = %v, want none", w, got)
		}
	}
}

func TestDerivedTerms(t *testing.T) {
	for w, want := range map[string]string{
		"verify":        "verification",
		"verified":      "verification",
		"verification":  "verify",
		"described":     "description",
		"subscriptions": "subscribe",
		"resolve":       "resolution",
		"resolutions":   "resolve",
		"analyze":       "analysis",
		"analysis":      "analyze",
		"summarising":   "summary",
		"summary":       "summarize",
		"categories":    "categorize",
		"prioritise":    "priority",
	} {
		if got := DerivedTerms(w); !slices.Contains(got, StemEnglish(want)) {
			t.Errorf("DerivedTerms(%s) = %v, want the term of %s (%s) among them", w, got, want, StemEnglish(want))
		}
	}
	// Pairs the stemmer merges need nothing (organize, organization), and
	// a stem needs three letters (story is no st+ory).
	for _, w := range []string{"organize", "validation", "story", "test"} {
		if got := DerivedTerms(w); got != nil {
			t.Errorf("DerivedTerms(%s) = %v, want none", w, got)
		}
	}
}
