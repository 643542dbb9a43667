package textan

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
		"koordiniere":   "coordinate", // the imperative and first person of -ieren
		"validiere":     "validate",
		"kuratierten":   "curated", // an inflected participle
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
		if got := Cognates(w); !slices.Contains(got, want) {
			t.Errorf("Cognates(%s) = %v, want %s among them", w, got, want)
		}
	}
	for _, w := range []string{"kind", "rat", "test", "schlüssel3"} {
		if got := Cognates(w); got != nil {
			t.Errorf("Cognates(%s) = %v, want none (too short, or not a word)", w, got)
		}
	}
}
