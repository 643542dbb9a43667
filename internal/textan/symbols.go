package textan

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// SymbolNames returns the terms of the names that the symbols around the
// word t of text spell out, as identifiers, file names and package names
// write them: C# is csharp, F# fsharp, C++ cpp, .NET dotnet, Next.js
// nextjs. Word boundaries drop the symbols (C# is the word c, .NET the
// word net), so without them a request says "c" where a manual's name
// says csharp. The rules are the spelling of these symbols in names, not
// a list of products: a letter or two before # (sharp), a word before ++
// (pp), a word after a full stop that follows no letter or digit (dot),
// a word that ends in .js (js). Nil when no rule applies.
func SymbolNames(text string, t Token) []string {
	w := strings.ToLower(t.Text)
	after, before := text[t.End:], text[:t.Start]
	var names []string
	switch {
	case strings.HasPrefix(after, "#") && len(w) <= 2 && isLetters(w) && !followsWord(after[1:]):
		names = append(names, w+"sharp")
	case strings.HasPrefix(after, "++") && isLetters(w) && !followsWord(after[2:]):
		names = append(names, w+"pp")
	}
	if rest, ok := strings.CutSuffix(before, "."); ok && isLetters(w) && !endsWord(rest) {
		names = append(names, "dot"+w)
	}
	if stem, ok := strings.CutSuffix(w, ".js"); ok && len(stem) >= 2 && isLetters(stem) {
		names = append(names, stem+"js")
	}
	var out []string
	for _, n := range names {
		out = appendNew(out, StemEnglish(n))
	}
	return out
}

// followsWord reports whether s begins with a letter or digit: the symbol
// is inside a longer word (c#x is no C#).
func followsWord(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return s != "" && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// endsWord reports whether s ends in a letter or digit.
func endsWord(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return s != "" && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

func isLetters(s string) bool {
	return s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyz") == ""
}
