package search

import (
	"slices"
	"testing"
)

// A word whose symbols spell a name (C# → csharp, .NET → dotnet) matches
// the manual of that name, as its other spelling: ahead of a manual that
// only shares the request's other words.
func TestSymbolNames(t *testing.T) {
	files := map[string]string{
		"p/lore.yaml": "{}\n",
		"p/manuals/style-csharp.md": `---
summary: Conventions for unit tests.
---
# Tests

Name each test after the behaviour it checks.
`,
		"p/manuals/python-tests.md": `---
summary: Conventions for unit tests in Python with pytest.
---
# Unit tests

Use fixtures for shared setup.
`,
		"p/manuals/dotnet-upgrade.md": `---
summary: Move a solution to a newer runtime.
---
# Upgrade

One project at a time.
`,
	}
	c := open(t, memSource(t, files))
	for intent, want := range map[string]string{
		"write unit tests in C#":         "style-csharp",
		"Unit-Tests für meine C#-Lösung": "style-csharp",
		"upgrade our .NET solution":      "dotnet-upgrade",
	} {
		hits, err := c.rank(intent, Visibility{}, 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) == 0 || hits[0].Name != want {
			t.Errorf("%s: %v, want %s first", intent, hits, want)
		}
	}
	r := indexReader(t, c)
	it := c.analyse("C# and .NET, not c", r)
	if !slices.Equal(it.words[0].spelling, []string{"csharp"}) || !slices.Equal(it.words[2].spelling, []string{"dotnet"}) || it.words[4].spelling != nil {
		t.Errorf("spellings of C#, .NET, c: %v, %v, %v; want csharp, dotnet, none", it.words[0].spelling, it.words[2].spelling, it.words[4].spelling)
	}
}
