package lint

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestTokenizerSentencesAreSentences checks the one-sentence-at-a-time
// reading of findOverrides against sentences(tokenize(text)) on the
// texts of every testscript (manuals, prompt layers, hostile input) and
// on edge cases: empty text, breaks only, invalid UTF-8, no final break.
func TestTokenizerSentencesAreSentences(t *testing.T) {
	texts := []string{"", "\n\n", ". . !", "a", "word", "e.g. this: that\n\n- item\n# Head\ntext", "bad \xff byte. end", "x’y don't\r\n\r\nz"}
	files, _ := filepath.Glob("../../testdata/script/*.txtar")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(b))
	}
	if len(files) < 100 {
		t.Fatalf("only %d testscripts found: the test reads too little", len(files))
	}
	for _, text := range texts {
		want := sentences(tokenize(text))
		var got [][]token
		z := tokenizer{text: text}
		for {
			s, ok := z.sentence(nil)
			if !ok {
				break
			}
			got = append(got, s)
		}
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("the sentences of %.60q differ: %d read one at a time, %d from tokenize", text, len(got), len(want))
		}
	}
}
