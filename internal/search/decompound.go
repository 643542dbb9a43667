package search

import (
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/textan"
)

// German compounds join words the glossary knows with words it does not:
// English loanwords (Codeänderung, Testpyramide, Kundenmeeting,
// Serverrouten) and Latin or Greek words spelled the German way
// (Risikoanalyse, Testpyramide). catalogParts splits such a compound
// against the catalog's own vocabulary: a part counts when the glossary
// knows it, when it is an English word the catalog holds (in any German
// inflection: Routen → route), or when it is a cognate the catalog holds
// (Pyramide → pyramid). The split must cover the whole word, with
// linking elements (s, es, n, en) between parts, and use at least two
// parts; fewest parts first. It returns the English terms of each part,
// one group per part, or nil.
func (a *Analysis) catalogParts(raw string, known func(string) bool) [][]string {
	n := textan.SpellUmlauts(strings.ToLower(raw))
	if len(n) < 2*textan.MinCompoundPart || len(n) > maxCompound || strings.Trim(n, "abcdefghijklmnopqrstuvwxyz") != "" {
		return nil
	}
	memo := map[string][]string{}
	// Only the head (the last part) carries an inflection ending; the
	// parts before it are stems.
	termsOf := func(part string, head bool) []string {
		key := part
		if head {
			key += "$"
		}
		if t, ok := memo[key]; ok {
			return t
		}
		t := a.partTerms(part, head, known)
		memo[key] = t
		return t
	}
	// best[i] is the shortest split of n[i:]; nil: none.
	best := make([][]string, len(n)+1)
	best[len(n)] = []string{}
	for i := len(n) - textan.MinCompoundPart; i >= 0; i-- {
		for k := i + textan.MinCompoundPart; k <= len(n); k++ {
			if best[k] == nil {
				continue
			}
			try := func(part string) {
				if len(part) < textan.MinCompoundPart || termsOf(part, k == len(n)) == nil {
					return
				}
				if best[i] == nil || len(best[k])+1 < len(best[i]) {
					best[i] = append([]string{part}, best[k]...)
				}
			}
			try(n[i:k])
			if k < len(n) {
				for _, link := range []string{"s", "es", "n", "en"} {
					if strings.HasSuffix(n[i:k], link) {
						try(n[i : k-len(link)])
					}
				}
			}
		}
	}
	if len(best[0]) < 2 {
		return nil
	}
	groups := make([][]string, len(best[0]))
	for j, p := range best[0] {
		groups[j] = termsOf(p, j == len(best[0])-1)
	}
	return groups
}

// maxCompound is the longest word catalogParts splits (in bytes): the
// split looks at every part of the word, and German compounds of requests
// are shorter.
const maxCompound = 40

// partTerms returns the English terms of one part of a compound (see
// catalogParts), or nil when it is none of the kinds of word it may be;
// head marks the compound's last part, which may be inflected.
func (a *Analysis) partTerms(part string, head bool, known func(string) bool) []string {
	if terms, ok := a.t.PartRenderings(part, head); ok {
		return terms
	}
	// An English word (or its -ing form: meeting), bare or with a German
	// plural or case ending.
	for _, v := range []string{part, strings.TrimSuffix(part, "en"), strings.TrimSuffix(part, "n"),
		strings.TrimSuffix(part, "s"), strings.TrimSuffix(part, "e")} {
		if len(v) < textan.MinCompoundPart || !isEnglishWord(v) && !isEnglishWord(strings.TrimSuffix(v, "ing")) {
			continue
		}
		for _, t := range textan.English(v) {
			if known(t.Term) {
				return []string{t.Term}
			}
		}
	}
	if terms := a.cognateTerms(part, "", known); len(terms) > 0 {
		return terms
	}
	return nil
}

// modifierTerms returns the English terms of the modifier of a German
// compound whose head neither the glossary nor the catalog knows
// ("Fehlerbehandlung" → Fehler: error, bug, failure, fault), or nil: the
// longest first part of at least minModifier letters, before a linking
// s, es, n or en, that the glossary renders, followed by a head of at
// least minHead letters that is no derivational ending. A compound is a
// kind of its head, so its modifier says less of it: its renderings weigh
// what a part other than the head weighs (see forms).
func (a *Analysis) modifierTerms(raw string) []string {
	n := textan.SpellUmlauts(strings.ToLower(raw))
	if len(n) < textan.MinCompound || len(n) > maxCompound || strings.Trim(n, "abcdefghijklmnopqrstuvwxyz") != "" {
		return nil
	}
	// Most words begin with no German word of the vocabulary: they are
	// done without a lookup.
	if f := textan.Normalize(raw); len(f) < minModifier || !a.t.BeginsWord(f[:minModifier]) {
		return nil
	}
	memo := map[string][]string{}
	render := func(part string) []string {
		t, ok := memo[part]
		if !ok {
			t, _ = a.t.PartRenderings(part, false)
			memo[part] = t
		}
		return t
	}
	for k := len(n) - minHead; k >= minModifier; k-- {
		if derivation(n[k:]) {
			continue
		}
		// The glossary finds a word without a linking s or n itself
		// (lookupVariants); es and en are tried here.
		part := n[:k]
		for _, v := range []string{part, strings.TrimSuffix(part, "es"), strings.TrimSuffix(part, "en")} {
			if len(v) < minModifier || v != part && len(v) == len(part) {
				continue
			}
			terms := render(v)
			if len(terms) == 0 {
				continue
			}
			// The glossary finds a word without its endings (wisse,
			// wissens → wissen): a word that is any cut it renders
			// alike followed by a derivational ending is a derivation
			// (wissen + schaftlich), not a compound.
			for j := minModifier; j < len(n); j++ {
				if derivation(n[j:]) && slices.Equal(render(n[:j]), terms) {
					return nil
				}
			}
			return terms
		}
	}
	return nil
}

// Limits of modifierTerms (in bytes): the shortest modifier (a shorter
// one is too often no word at all, as for textan.Compounds.Head) and the
// shortest unknown head.
const (
	minModifier = 5
	minHead     = 5
)

// derivational are German endings that derive a word from another
// (klassisch from Klasse, wissenschaftlich from Wissen, Prozessoren from
// Prozess, in the spelling of textan.SpellUmlauts): a known word followed
// by one of them is a derivation of it, not a compound with that word as
// its modifier.
var derivational = []string{"isch", "lich", "schaft", "heit", "keit", "ung", "ig", "bar", "sam", "haft", "los",
	"er", "or", "nis", "tum", "chen", "lein", "ei", "ier", "ie", "in", "ist", "ismus", "itaet", "ell", "al", "iv"}

// derivation reports whether rest begins with a derivational ending.
func derivation(rest string) bool {
	for _, d := range derivational {
		if strings.HasPrefix(rest, d) {
			return true
		}
	}
	return false
}
