package search

import (
	"slices"
	"testing"
)

// A word is matched in its other spelling when the catalog holds it
// (summarise finds a manual that says summarize), as the word itself,
// and weighs as the most common of its spellings.
func TestOtherSpelling(t *testing.T) {
	files := map[string]string{
		"p/lore.yaml": "{}\n",
		"p/manuals/digest.md": `---
triggers: digest
summary: Summarize a long discussion in five bullet points.
---
# Digest

Keep the names of the people who decided.
`,
		"p/manuals/palette.md": `---
triggers: palette
summary: Pick a color palette for a slide deck.
---
# Palette

Use the colour of the brand for titles.
`,
		"p/manuals/other.md": `---
triggers: greeting
summary: Greet a user.
---
# Greeting

Say hello.
`,
	}
	c := open(t, memSource(t, files))
	hits, err := c.rank("summarise it for me", Visibility{}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) == 0 || hits[0].Name != "digest" {
		t.Fatalf("summarise it for me: %v, want digest first", hits)
	}
	r := indexReader(t, c)
	it := c.analyse("colours color advise", r)
	if !slices.Equal(it.words[0].spelling, []string{"color"}) || !slices.Equal(it.words[1].spelling, []string{"colour"}) {
		t.Errorf("spellings of colours, color: %v, %v, want color, colour", it.words[0].spelling, it.words[1].spelling)
	}
	if it.words[2].spelling != nil {
		t.Errorf("advise: spellings %v, want none (advize is no word the catalog holds)", it.words[2].spelling)
	}
	st := c.stats(it, r)
	if st.weights[0] != st.weights[1] {
		t.Errorf("weights of colours and color: %v, want equal (one word, two spellings)", st.weights[:2])
	}
}

// A verb matches the noun derived from it where the stemmer does not
// merge the two (verify, verification), as the word itself would: in
// the summary of one manual, ahead of the verb in the body of another.
func TestDerivation(t *testing.T) {
	files := map[string]string{
		"p/lore.yaml": "{}\n",
		"p/manuals/proof.md": `---
triggers: proof
summary: Verification of claims against sources.
---
# Proof

Cite each source.
`,
		"p/manuals/other.md": `---
triggers: greeting
summary: Greet a user.
---
# Greeting

Say hello, and verify the name.
`,
	}
	c := open(t, memSource(t, files))
	hits, err := c.rank("verify it for me", Visibility{}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) == 0 || hits[0].Name != "proof" {
		t.Fatalf("verify it for me: %v, want proof first", hits)
	}
}
