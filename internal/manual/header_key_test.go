package manual

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// TestHeaderKeyLine: headerKeyLine splits every line as the regular
// expression it replaces does, over random lines of key characters,
// blanks, colons, newlines, CRs, non-ASCII and invalid UTF-8.
func TestHeaderKeyLine(t *testing.T) {
	re := regexp.MustCompile(`^([A-Za-z0-9_.-]+)[ \t]*:(.*)$`)
	pieces := []string{"a", "Z", "9", "_", ".", "-", " ", "\t", ":", "\n", "\r", "ü", "\xff", "key", "audience", ": ", "\u2028", "/", "#", "\x00"}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 200000 {
		var b strings.Builder
		for range rng.IntN(8) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		key, raw, ok := headerKeyLine(s)
		m := re.FindStringSubmatch(s)
		if ok != (m != nil) || ok && (key != m[1] || raw != m[2]) {
			t.Fatalf("line %d %q: got %q %q %v, the regexp %q", i, s, key, raw, ok, m)
		}
	}
}
