package config

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// closestNaive is the definition Closest implements with shortcuts.
func closestNaive(s string, candidates []string) string {
	best, bestD := "", 1<<30
	for _, c := range candidates {
		if d := Distance(strings.ToLower(s), strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	if bestD > max(2, len(s)/3) {
		return ""
	}
	return best
}

func TestClosestMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune("abcdeé-_ÄxyzİK")
	word := func() string {
		n := rng.IntN(14)
		r := make([]rune, n)
		for i := range r {
			r[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(r)
	}
	for range 3000 {
		cands := make([]string, rng.IntN(30))
		for i := range cands {
			cands[i] = word()
		}
		s := word()
		if len(cands) > 0 && rng.IntN(3) == 0 {
			// a near miss of an existing candidate
			r := []rune(cands[rng.IntN(len(cands))])
			if len(r) > 0 {
				r[rng.IntN(len(r))] = 'q'
			}
			s = string(r)
		}
		if got, want := Closest(s, cands), closestNaive(s, cands); got != want {
			t.Fatalf("Closest(%q, %q) = %q, want %q", s, cands, got, want)
		}
	}
}

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{
		{"", "", 0}, {"", "abc", 3}, {"kitten", "sitting", 3}, {"größe", "grösse", 2}, {"flaw", "lawn", 2}, {"same", "same", 0},
	} {
		if d := Distance(c.a, c.b); d != c.d {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, d, c.d)
		}
		if d := Distance(c.b, c.a); d != c.d {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.b, c.a, d, c.d)
		}
	}
}

func TestClosest(t *testing.T) {
	known := []string{"audience", "triggers", "summary", "requires-tools"}
	for _, c := range []struct{ in, want string }{
		{"trigger", "triggers"}, {"Summary", "summary"}, {"require-tools", "requires-tools"}, {"title", ""}, {"x", ""},
	} {
		if got := Closest(c.in, known); got != c.want {
			t.Errorf("Closest(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
