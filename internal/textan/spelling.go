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
// catalog, licence / license, analyse / analyze). Doubled l (modelling /
// modeling) needs none: the stemmer merges it. Programme / program has
// none: -m → -mme would also turn diagram into the German Diagramme, a
// word of the German triggers.
var spellingRules = []spellingRule{
	{gb: "is", us: "iz", endings: []string{"e", "es", "ed", "ing", "er", "ers", "ation", "ations"}, minStem: 3},
	{gb: "ys", us: "yz", endings: []string{"e", "es", "ed", "ing", "er", "ers"}, minStem: 3},
	{gb: "our", us: "or", endings: []string{"", "s", "ed", "ing", "ite", "ites", "able", "ful", "less", "ist", "ists", "al"}, minStem: 3},
	{gb: "tre", us: "ter", endings: []string{"", "s"}, minStem: 3},
	{gb: "tred", us: "tered", endings: []string{""}, minStem: 3},
	{gb: "ogue", us: "og", endings: []string{"", "s"}, minStem: 3},
	{gb: "ence", us: "ense", endings: []string{"", "s", "d"}, minStem: 3},
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
	for _, v := range otherSpellings(raw) {
		if t := StemEnglish(v); t != own {
			out = appendNew(out, t)
		}
	}
	return out
}

// otherSpellings returns the other spellings of raw the rules give.
func otherSpellings(raw string) []string {
	var out []string
	for _, r := range spellingRules {
		for _, e := range r.endings {
			if v, ok := respell(raw, r.gb+e, r.us+e, r.minStem); ok {
				out = appendNew(out, v)
			}
			if v, ok := respell(raw, r.us+e, r.gb+e, r.minStem); ok {
				out = appendNew(out, v)
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

// derivationRules pair a verb's endings with those of a noun derived from
// it where the stemmer gives the two different terms (verify → verifi,
// verification → verif; describe → describ, description → descript).
// Endings in -ize and -ation need none: the stemmer merges them already
// (organize, organization).
var derivationRules = []struct{ verb, noun []string }{
	{verb: []string{"ify", "ifies", "ified", "ifying"}, noun: []string{"ification", "ifications"}},
	{verb: []string{"ibe", "ibes", "ibed", "ibing"}, noun: []string{"iption", "iptions"}},
	{verb: []string{"olve", "olves", "olved", "olving"}, noun: []string{"olution", "olutions"}},
	{verb: []string{"yze", "yzes", "yzed", "yzing"}, noun: []string{"ysis"}},
	{verb: []string{"arize", "arizes", "arized", "arizing"}, noun: []string{"ary", "aries"}},
	{verb: []string{"orize", "orizes", "orized", "orizing"}, noun: []string{"ory", "ories"}},
	{verb: []string{"itize", "itizes", "itized", "itizing"}, noun: []string{"ity", "ities"}},
}

// DerivedTerms returns the English terms of the verb or noun the
// lower-case word raw is derived from or derives, in either spelling,
// where the stemmer does not merge them: "verify" → "verif"
// (verification), "descriptions" → "describ" (describe), "summarise" →
// "summari" (summary). Like SpellingTerms it knows no exceptions, so a
// caller keeps only the terms its index holds.
func DerivedTerms(raw string) []string {
	own := StemEnglish(raw)
	var out []string
	for _, w := range append([]string{raw}, otherSpellings(raw)...) {
		for _, r := range derivationRules {
			for _, v := range r.verb {
				if stem, ok := strings.CutSuffix(w, v); ok && len(stem) >= 3 {
					if t := StemEnglish(stem + r.noun[0]); t != own {
						out = appendNew(out, t)
					}
				}
			}
			for _, n := range r.noun {
				if stem, ok := strings.CutSuffix(w, n); ok && len(stem) >= 3 {
					if t := StemEnglish(stem + r.verb[0]); t != own {
						out = appendNew(out, t)
					}
				}
			}
		}
	}
	return out
}
