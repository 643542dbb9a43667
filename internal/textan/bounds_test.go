package textan

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// The bounds that keep the analysis of a long word linear change no
// result: split with parts of at most the longest glossary word plus
// partSlack equals the split with parts of any length, and Head starting
// where the longest dictionary head could equals Head searching from the
// first rune. The words are compounds of glossary words with verb
// prefixes, participles, linking elements and endings.
func TestLongWordBoundsKeepResults(t *testing.T) {
	a := defaultAnalysis()
	g, c := a.gloss, a.comp
	r := rand.New(rand.NewPCG(1, 2))
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	prefixes := []string{"", "", "ge", "zu", "unter", "zurueck", "wieder"}
	links := []string{"", "s", "es", "n", "en"}
	endings := []string{"", "e", "en", "n", "s", "es", "er", "ern", "nen", "t", "ten", "test", "ung", "ungen", "end", "endes", "lich", "keit"}
	for range 3000 {
		var b strings.Builder
		b.WriteString(pick(prefixes))
		for j := range 1 + r.IntN(4) {
			if j > 0 {
				b.WriteString(pick(links))
			}
			b.WriteString(pick(g.forms))
		}
		b.WriteString(pick(endings))
		w := b.String()
		n := utf8.RuneCountInString(w)
		if got, want := g.split(w), g.splitWithin(w, n); !slices.Equal(got, want) {
			t.Fatalf("split(%s) = %v, without the part bound %v", w, got, want)
		}
		if got, want := c.Head(w), c.head(w, minModifier, n); got != want {
			t.Fatalf("Head(%s) = %q, searching from the start %q", w, got, want)
		}
	}
	for _, p := range verbPrefixes {
		if len(p) > maxVerbPrefix {
			t.Errorf("verb prefix %q is longer than maxVerbPrefix %d", p, maxVerbPrefix)
		}
	}
	for _, inf := range inflections {
		if len(inf) > maxInflection {
			t.Errorf("inflection %q is longer than maxInflection %d", inf, maxInflection)
		}
	}
}

// BenchmarkLongWord is the glossary's and the compound splitter's work
// on one 4,200-letter word (before the part bounds: seconds).
func BenchmarkLongWord(b *testing.B) {
	a := defaultAnalysis()
	w := strings.Repeat("datenbankmigrationsfehlerbehandlung", 120)
	for b.Loop() {
		a.gloss.lookup(w)
		a.comp.Head(w)
	}
}
