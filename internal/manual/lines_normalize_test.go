package manual

import (
	"bytes"
	"testing"
)

// TestNormalizeCRAnyBreaks checks NormalizeCR against its definition
// (every lone CR becomes LF, nothing else changes, the input is returned
// itself when it has no lone CR and is never written) on texts of every
// mix of LF, CR and other bytes up to eight long.
func TestNormalizeCRAnyBreaks(t *testing.T) {
	alphabet := []byte{'\n', '\r', 'a'}
	var text []byte
	var try func(n int)
	try = func(n int) {
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
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			text = append(text, c)
			try(n - 1)
			text = text[:len(text)-1]
		}
	}
	try(8)
}
