package search

import "testing"

// TestWholeName checks that an intent that says a manual's whole name
// ("a PRD" and the manual prd) ranks it above a manual that holds more of
// the intent's words in its summary, and that without the whole-name
// weight it would not.
func TestWholeName(t *testing.T) {
	c := open(t, memSource(t, map[string]string{
		"p/manuals/prd.md": `---
summary: Requirements for a new feature, with user stories.
---
# PRD

Ask for the problem first, then the users.
`,
		"p/manuals/spec-to-implementation.md": `---
summary: Write PRDs and specs of a new feature into plans.
---
# From spec to implementation

Read the spec, write the plan.
`,
		// Other manuals make "write" a common word, as it is in a catalog.
		"p/manuals/notes.md":  "---\nsummary: Write notes about the user.\n---\n# Notes\n",
		"p/manuals/emails.md": "---\nsummary: Write emails in the user's tone.\n---\n# Emails\n",
		"p/manuals/docs.md":   "---\nsummary: Write documentation pages.\n---\n# Docs\n",
	}))
	scores := func(intent string) map[string]Hit {
		hits, err := c.rank(intent, Visibility{}, 5)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]Hit{}
		for _, h := range hits {
			m[h.Rel] = h
		}
		return m
	}
	const intent = "write a PRD for the new feature"
	with := scores(intent)
	if with["prd.md"].named == 0 || with["spec-to-implementation.md"].named != 0 {
		t.Fatalf("rank(%q): named = %v (prd.md), %v (spec-to-implementation.md), want the first only",
			intent, with["prd.md"].named, with["spec-to-implementation.md"].named)
	}
	// A name said only in part is no whole name: "implementation" alone
	// is not spec-to-implementation.
	if h := scores("plan the implementation")["spec-to-implementation.md"]; h.named != 0 {
		t.Errorf("a name said in part counts as whole: named = %v", h.named)
	}
	name := c.sc.name
	c.sc.name = 0 // the mutation check below
	without := scores(intent)
	gain := with["prd.md"].Score - without["prd.md"].Score*(1+c.sc.coverage)/(1+c.sc.coverage+name)
	if want := name * with["prd.md"].named / (1 + c.sc.coverage + name); gain < want-0.002 || gain > want+0.002 {
		t.Errorf("the whole name adds %.3f to prd.md's confidence, want %.3f", gain, want)
	}
	// It narrows the gap to the manual that holds more of the words.
	if with["spec-to-implementation.md"].Score-with["prd.md"].Score >= without["spec-to-implementation.md"].Score-without["prd.md"].Score {
		t.Errorf("the whole name does not move prd.md up: %+v / %+v", with, without)
	}
}
