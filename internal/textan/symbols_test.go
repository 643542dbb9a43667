package textan

import (
	"slices"
	"testing"
)

// The names symbols spell out: C# is csharp, .NET dotnet, C++ cpp,
// Next.js nextjs, also inside a German compound (C#-Lösung); a symbol
// inside a longer word, or a full stop after a word, spells nothing.
func TestSymbolNames(t *testing.T) {
	names := func(text string) map[string][]string {
		out := map[string][]string{}
		for _, tok := range WordList(text) {
			if n := SymbolNames(text, tok); n != nil {
				out[tok.Text] = n
			}
		}
		return out
	}
	for text, want := range map[string]map[string]string{
		"tests in C# for a .NET app":        {"C": "csharp", "NET": "dotnet"},
		"eine C#-Lösung (.NET 8)":           {"C": "csharp", "NET": "dotnet"},
		"C++ build, F# script":              {"C": "cpp", "F": "fsharp"},
		"deploy my Next.js app with Vue.js": {"Next.js": "nextj", "Vue.js": "vuej"},
		"the end. Net income; file.net x#y": {},
		"issue #42, c# x++y":                {"c": "csharp"},
	} {
		got := names(text)
		if len(got) != len(want) {
			t.Errorf("%q: names %v, want %v", text, got, want)
			continue
		}
		for w, n := range want {
			if !slices.Equal(got[w], []string{n}) {
				t.Errorf("%q: %s spells %v, want %s", text, w, got[w], n)
			}
		}
	}
}
