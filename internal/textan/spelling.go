package textan

import "strings"

// spellingRule is one regular difference between British and American
// spelling: a word that ends in gb+ending (or us+ending) is spelled
// us+ending (gb+ending) on the other side, for every ending in endings,
// when at least minStem letters precede gb (us).
type spellingRule struct {
	gb, us  string
	endings []string
	minStem int
}

// spellingRules are the regular British–American spelling differences
// (summarise / summarize, colour / color, centre / center, catalogue /
// catalog, licence / license, analyse / analyze, programme / program).
// Doubled l (modelling / modeling) needs none: the stemmer merges it.
var spellingRules = []spellingRule{
	{gb: "is", us: "iz", endings: []string{"e", "es", "ed", "ing", "er", "ers", "ation", "ations"}, minStem: 3},
	{gb: "ys", us: "yz", endings: []string{"e", "es", "ed", "ing", "er", "ers"}, minStem: 3},
	{gb: "our", us: "or", endings: []string{"", "s", "ed", "ing", "ite", "ites", "able", "ful", "less", "ist", "ists", "al"}, minStem: 3},
	{gb: "tre", us: "ter", endings: []string{"", "s"}, minStem: 3},
	{gb: "tred", us: "tered", endings: []string{""}, minStem: 3},
	{gb: "ogue", us: "og", endings: []string{"", "s"}, minStem: 3},
	{gb: "ence", us: "ense", endings: []string{"", "s", "d"}, minStem: 3},
	{gb: "mme", us: "m", endings: []string{"", "s"}, minStem: 5},
}

// SpellingTerms returns the English terms of the other spellings of the
// lower-case word raw, British for American and American for British, by
// the regular rules alone: "summarise" → "summar" (summarize), "color" →
// "colour". The rules know no exceptions ("advise" → "advize"), so a
// caller keeps only the terms its index holds. Nil when no rule applies
// or the other spelling stems as the word does.
func SpellingTerms(raw string) []string {
	own := StemEnglish(raw)
	var out []string
	add := func(v string) {
		if t := StemEnglish(v); t != own {
			out = appendNew(out, t)
		}
	}
	for _, r := range spellingRules {
		for _, e := range r.endings {
			if v, ok := respell(raw, r.gb+e, r.us+e, r.minStem); ok {
				add(v)
			}
			if v, ok := respell(raw, r.us+e, r.gb+e, r.minStem); ok {
				add(v)
			}
		}
	}
	return out
}

// respell replaces the ending from of w with to, when at least minStem
// letters precede it.
func respell(w, from, to string, minStem int) (string, bool) {
	if !strings.HasSuffix(w, from) || len(w)-len(from) < minStem {
		return "", false
	}
	return w[:len(w)-len(from)] + to, true
}
