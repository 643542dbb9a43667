package search

import (
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/lorekit/lore/internal/textan"
)

// The memo answers as textan.EnglishTerm does, the first time and from
// memory, from several goroutines at once.
func TestTermMemoIsEnglishTerm(t *testing.T) {
	words := []string{"running", "Runs", "RUNNING", "the", "The", "user's", "users'", "Gebäude",
		"naïve", "deploys", "deployment", "x", "", "ἀρχή", "k8s", "don't", "cafés", "isn't"}
	m := newTermMemo(textan.EnglishTerm)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 3 {
				for _, w := range words {
					if got, want := m.term([]byte(w)), textan.EnglishTerm(w); got != want {
						t.Errorf("term(%q) = %q, want %q", w, got, want)
					}
				}
			}
		})
	}
	wg.Wait()
}

// The memo holds at most maxMemoTerms words, and answers right beyond them.
func TestTermMemoBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("stems a quarter of a million words")
	}
	m := newTermMemo(textan.EnglishTerm)
	for i := range maxMemoTerms + 100 {
		w := "word" + strconv.Itoa(i) + "ing"
		if got, want := m.term([]byte(w)), textan.EnglishTerm(w); got != want {
			t.Fatalf("term(%q) = %q, want %q", w, got, want)
		}
	}
	if n := m.n.Load(); n != maxMemoTerms {
		t.Errorf("the memo holds %d words, want %d", n, maxMemoTerms)
	}
}

// A memo of the German terms answers as Compounds.GermanTerms does.
func TestTermMemoIsGermanTerms(t *testing.T) {
	c := textan.NewCompounds([]string{"sicherheit", "regel", "haus", "tür"}, 0, 0)
	words := []string{"Sicherheitsregeln", "Haustür", "Häuser", "die", "Regeln", "x", "", "straße", "Sicherheitsregeln"}
	m := newTermMemo(c.GermanTerms)
	for range 2 {
		for _, w := range words {
			if got, want := m.term([]byte(w)), c.GermanTerms(w); !slices.Equal(got, want) {
				t.Errorf("term(%q) = %q, want %q", w, got, want)
			}
		}
	}
}
