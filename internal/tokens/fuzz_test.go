package tokens

import "testing"

// FuzzCountMatchesTiktoken compares the counts of arbitrary bytes with
// tiktoken-go's, for both encodings, and lines the pre-tokens up with its
// tokens.
func FuzzCountMatchesTiktoken(f *testing.F) {
	for _, s := range edgeCases() {
		if len(s) <= 512 {
			f.Add(s)
		}
	}
	for _, s := range []string{"", "\x7f", "a\x7fb", " \x7f\n", "'ſ", "\n \n x", "A\u0301bc", "\xff'll"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, enc := range fastEncodings {
			if g, w := got(t, enc, s), want(t, enc, s); g != w {
				t.Fatalf("%s: %q: %d tokens, tiktoken-go counts %d", enc, s, g, w)
			}
			if msg := alignWithTiktoken(t, enc, s); msg != "" {
				t.Fatalf("%s: %q: %s", enc, s, msg)
			}
		}
	})
}
