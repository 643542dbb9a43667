package search

import "testing"

// TestNaming checks which words of an intent name a manual (Hit.Naming):
// the word itself in the manual's name, or a trigger the intent says
// whole; not a word of its summary, a trigger said in part, or a
// translation that happens to be in the name.
func TestNaming(t *testing.T) {
	c := open(t, memSource(t, map[string]string{
		"p/manuals/quarkus.md":      "---\nsummary: Conventions for services on a Java framework.\n---\n# Quarkus\n",
		"p/manuals/flows.md":        "---\ntriggers: flowchart, explain failure\nsummary: Draw diagrams of a process.\n---\n# Flows\n",
		"p/manuals/availability.md": "---\nsummary: What to do when a tool is missing.\n---\n# Tools\n",
		"p/manuals/notes.md":        "---\nsummary: Write notes about the user.\n---\n# Notes\n",
	}))
	naming := func(intent, rel string) int {
		t.Helper()
		hits, err := c.rank(intent, Visibility{}, 5)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hits {
			if h.Rel == rel {
				return h.Naming
			}
		}
		t.Fatalf("rank(%q): %s is no candidate", intent, rel)
		return 0
	}
	for _, tc := range []struct {
		intent, rel string
		want        int
	}{
		{"build a REST service with quarkus", "quarkus.md", 1},      // its name
		{"draw a flowchart of the signup", "flows.md", 1},           // a whole trigger
		{"explain how photosynthesis works", "flows.md", 0},         // a trigger in part
		{"services on a java framework", "quarkus.md", 0},           // its summary
		{"ist der Raum am Freitag noch frei", "availability.md", 0}, // frei → available: a translation
	} {
		if got := naming(tc.intent, tc.rel); got != tc.want {
			t.Errorf("rank(%q): %s named by %d words, want %d", tc.intent, tc.rel, got, tc.want)
		}
	}
}
