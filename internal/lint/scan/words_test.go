package scan

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// classOfByMaps is the lexicon's meaning, looked up the slow way: the
// classes of the exact word t and of every stem that t starts with (the
// empty stem takes the empty token only).
func classOfByMaps(classes map[uint64][]string, t string) uint64 {
	var c uint64
	for cl, ws := range classes {
		for _, w := range ws {
			s, stem := strings.CutSuffix(w, "*")
			switch {
			case !stem && t == w, stem && s == "" && t == "", stem && s != "" && strings.HasPrefix(t, s):
				c |= cl
			}
		}
	}
	return c
}

// TestLexiconClassOf holds classOf to the lexicon's meaning on every
// word and stem of a lexicon, their prefixes, their extensions and
// random tokens of their letters.
func TestLexiconClassOf(t *testing.T) {
	classes := map[uint64][]string{
		1: {"ignor*", "vergiss", "übergeh*", "setz", "a*"},
		2: {"ignore", "ignor*", "über*", "sämtlich*", "ab"},
		4: {"übergehen", "x", "s*", "sä*"},
		8: {"*"},
	}
	lx := newLexicon(classes)
	var tokens []string
	letters := map[rune]bool{}
	for _, ws := range classes {
		for _, w := range ws {
			w = strings.TrimSuffix(w, "*")
			for i := range len(w) + 1 {
				tokens = append(tokens, w[:i])
			}
			for _, suf := range []string{"", "e", "en", "ä", "ung", "s"} {
				tokens = append(tokens, w+suf)
			}
			for _, r := range w {
				letters[r] = true
			}
		}
	}
	var rs []rune
	for r := range letters {
		rs = append(rs, r)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		var b strings.Builder
		for range rng.IntN(8) {
			b.WriteRune(rs[rng.IntN(len(rs))])
		}
		tokens = append(tokens, b.String())
	}
	for _, tok := range tokens {
		if got, want := lx.classOf([]byte(tok)), classOfByMaps(classes, tok); got != want {
			t.Errorf("classOf(%q) = %b, want %b", tok, got, want)
		}
	}
}

// TestInjectionLexiconClassOf does the same on the injection matcher's
// own lexicon (its words, those of the credential requests and those
// of the conduct patterns).
func TestInjectionLexiconClassOf(t *testing.T) {
	classes := mergeClasses(injectionClasses, credentialClasses, conductClasses)
	for _, ws := range classes {
		for _, w := range ws {
			w = strings.TrimSuffix(w, "*")
			for _, tok := range []string{w, w + "s", w + "ed", w + "ung", w[:len(w)/2]} {
				if got, want := injectionLexicon().classOf([]byte(tok)), classOfByMaps(classes, tok); got != want {
					t.Errorf("classOf(%q) = %b, want %b", tok, got, want)
				}
			}
		}
	}
}
