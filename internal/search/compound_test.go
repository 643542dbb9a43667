package search

import "testing"

// TestCompoundPartsTogether checks that a manual holding the renderings
// of several parts of a split German compound (Sicherheitsprüfung:
// security + review) matches the word more than one holding only its head
// (review), and that a manual holding only the head matches it as a
// single rendering does.
func TestCompoundPartsTogether(t *testing.T) {
	c := open(t, memSource(t, map[string]string{
		"p/manuals/security-review.md": "---\nsummary: Review the security of a service.\n---\n# Security review\n",
		"p/manuals/code-review.md":     "---\nsummary: Review a change before it is merged.\n---\n# Code review\n",
		"p/manuals/notes.md":           "---\nsummary: Write notes about the user.\n---\n# Notes\n",
	}))
	const intent = "Sicherheitsprüfung"
	hits, err := c.rank(intent, Visibility{}, 5)
	if err != nil {
		t.Fatal(err)
	}
	byRel := map[string]Hit{}
	for _, h := range hits {
		byRel[h.Rel] = h
	}
	both, head := byRel["security-review.md"], byRel["code-review.md"]
	if len(both.wordScore) != 1 || len(head.wordScore) != 1 {
		t.Fatalf("rank(%q): want both manuals among %+v", intent, hits)
	}
	if hits[0].Rel != "security-review.md" {
		t.Errorf("rank(%q): %s first, want security-review.md", intent, hits[0].Rel)
	}
	// The head alone: a rendering of one part, in the name.
	single := c.sc.sc(t, fWords) * c.sc.transDE * c.sc.part
	if d := head.wordScore[0] - single; d < -1e-9 || d > 1e-9 {
		t.Errorf("head only: word score %.3f, want %.3f (one part's rendering)", head.wordScore[0], single)
	}
	// Both parts in the name: the whole word's rendering there.
	if whole := c.sc.sc(t, fWords) * c.sc.transDE; both.wordScore[0] < whole-1e-9 || both.wordScore[0] > whole+1e-9 {
		t.Errorf("both parts: word score %.3f, want %.3f (the whole word's rendering)", both.wordScore[0], whole)
	}
}

// sc returns the weight of the English field called name (a test helper).
func (s scoring) sc(t *testing.T, name string) float64 {
	t.Helper()
	for _, f := range s.en {
		if f.field == name {
			return f.weight
		}
	}
	t.Fatalf("no field %s", name)
	return 0
}
