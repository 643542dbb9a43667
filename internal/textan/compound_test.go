package textan

import (
	"slices"
	"testing"
)

func TestCompoundHead(t *testing.T) {
	c := New("").Compounds()
	terms := func(s string) []string {
		var out []string
		for _, t := range c.German(s) {
			out = append(out, t.Term)
		}
		return out
	}
	for in, want := range map[string]string{
		"Balkendiagramme":    "diagramm", // the head, inflected
		"Gedankenkarten":     "kart",
		"Hintergrundprozess": "prozess",
		"Dienstagabend":      "abend",
	} {
		if got := terms(in); !slices.Contains(got, want) {
			t.Errorf("%s analyses to %v, want the head %s among them", in, got, want)
		}
	}
	// A word of the dictionary inside a compound that is not its head, and
	// a word that is no compound, add nothing.
	for _, in := range []string{"Käsespätzle", "verständlich", "Diagramm", "vergessen", "unterstellen"} {
		if got := terms(in); len(got) != 1 {
			t.Errorf("%s analyses to %v, want one term", in, got)
		}
	}
}
