package manual

import (
	"bytes"
	"testing"

	"github.com/lorekit/lore/internal/textgen"
)

// TestNormalizeCRAnyBreaks checks NormalizeCR against its definition
// (every lone CR becomes LF, nothing else changes, the input is returned
// itself when it has no lone CR and is never written) on texts of every
// mix of LF, CR and other bytes up to eight long.
func TestNormalizeCRAnyBreaks(t *testing.T) {
	textgen.All([]byte{'\n', '\r', 'a'}, 8, func(text []byte) {
		want := bytes.Clone(text)
		lone := false
		for i, c := range text {
			if c == '\r' && (i+1 == len(text) || text[i+1] != '\n') {
				want[i] = '\n'
				lone = true
			}
		}
		in := bytes.Clone(text)
		got := NormalizeCR(in)
		if !bytes.Equal(got, want) || !bytes.Equal(in, text) {
			t.Fatalf("NormalizeCR(%q) = %q (input now %q), want %q", text, got, in, want)
		}
		if !lone && len(in) > 0 && &got[0] != &in[0] {
			t.Fatalf("NormalizeCR(%q) copied a text without a lone CR", text)
		}
	})
}
