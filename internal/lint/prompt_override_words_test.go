package lint

import (
	"strings"
	"testing"
)

// suffixStrengthByList is germanObjectStrength as the lists read: every
// core suffix, then every strong one, then every weak one.
func suffixStrengthByList(w string) int {
	for _, s := range coreSuffixDE {
		if strings.HasSuffix(w, s) {
			return 3
		}
	}
	for _, s := range strongSuffixDE {
		if strings.HasSuffix(w, s) && !falseSuffixDE[w] {
			if strings.HasPrefix(w, "sicherheit") || strings.HasPrefix(w, "schutz") {
				return 3
			}
			return 2
		}
	}
	for _, s := range weakSuffixDE {
		if strings.HasSuffix(w, s) && !falseSuffixDE[w] {
			return 1
		}
	}
	return 0
}

// TestGermanObjectStrengthIsTheLists checks the suffix index against the
// lists on every suffix, every suffix behind every prefix that changes a
// judgement, the false suffixes, and words that end like none.
func TestGermanObjectStrengthIsTheLists(t *testing.T) {
	var all []string
	for _, l := range [][]string{coreSuffixDE, strongSuffixDE, weakSuffixDE} {
		all = append(all, l...)
	}
	for w := range falseSuffixDE {
		all = append(all, w)
	}
	var ws []string
	for _, s := range all {
		for _, p := range []string{"", "sicherheits", "schutz", "system", "x", "kaffee", "leit"} {
			ws = append(ws, p+s, p+s[1:], p+s[:len(s)-1], p+s+"n", p+s+"s")
		}
	}
	ws = append(ws, "", "a", "ab", "abc", "regelmäßig", "spiegel", "sicherheit", "schutz", "über", "straße")
	nonzero := 0
	for _, w := range ws {
		want := suffixStrengthByList(w)
		if got := germanObjectStrength(w); got != want {
			t.Errorf("germanObjectStrength(%q) = %d, the lists say %d", w, got, want)
		}
		if want > 0 {
			nonzero++
		}
	}
	if nonzero < len(all) {
		t.Fatalf("only %d of %d words are objects: the test does not exercise the index", nonzero, len(ws))
	}
}
