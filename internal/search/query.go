package search

import (
	"slices"
	"strings"
	"unicode/utf8"

	index "github.com/blevesearch/bleve_index_api"

	"github.com/lorekit/lore/internal/textan"
)

// qword is one word of an intent with every form it is matched in.
type qword struct {
	raw   string   // lower-cased surface form
	en    string   // English term; "" for an English stop word
	de    []string // German terms: the stem, then the compound's parts
	trans []string // English terms of the word's glossary renderings
	// transGroups holds the terms of trans by meaning: one group for a
	// word the glossary knows, one per part of a compound it split.
	transGroups [][]string
	// split is set when the renderings are those of a compound's parts;
	// cognate when they are English spellings of the word (cognates).
	split, cognate bool
	// modifier is set when the renderings are those of a compound's
	// modifier alone: the catalog knows no rendering of its head.
	modifier bool
	// related are English terms the thesaurus relates to the word or its
	// renderings; base is the letters of a word that ends in digits
	// (arm64 → arm, vue3 → vue).
	related []string
	base    string
	// plural is the other number of an acronym, which the stemmer leaves
	// alone (llm ↔ llms, pr ↔ prs).
	plural string
	// spelling are the English terms of the word's other spellings that
	// the catalog holds (summarise → summarize, color → colour), also
	// the names its symbols spell out (C# → csharp, .NET → dotnet).
	spelling []string
	// derived are the English terms of the verb or noun the word derives
	// from or derives that the catalog holds, where the stemmer does not
	// merge them (verify → verification, summarise → summary).
	derived []string
	number  bool // digits only: matched in routing fields only
	// echo marks the repeated word of a reduplicating compound
	// (end-to-end): it weighs nothing (markEchoes).
	echo  bool
	fuzzy bool // the catalog knows none of its forms: match with edits
}

func (w *qword) empty() bool { return w.en == "" && len(w.de) == 0 && len(w.trans) == 0 }

// intent is an analysed intent.
type intent struct {
	words []qword
	lang  string // "en", "de" or "" (cannot tell)
	// isWord reports whether an English term is a word: one the catalog
	// holds, lore's vocabulary knows or is a common English word.
	isWord func(string) bool
}

// analyse splits text into words and finds, for each, its English and
// German terms, its glossary renderings and whether it needs fuzzy
// matching (textan's Query, then what depends on the catalog). r is a
// reader of the catalog (for the vocabulary). A bare number ("at 3", "15
// Uhr", "Java 17") counts only where a manual routes with it (a name,
// trigger, summary or title); in a body it is a time, a count or an
// example, not the task.
func (c *Catalog) analyse(text string, r index.IndexReader) intent {
	lang, tws := c.an.t.Query(text)
	it := intent{lang: lang, words: make([]qword, len(tws))}
	known := catalogKnows(r)
	it.isWord = func(t string) bool { return known(t) || c.an.t.KnowsEnglish(t) || isEnglishWord(t) }
	for i, tw := range tws {
		c.an.adopt(&it.words[i], tw, lang, known)
	}
	markEchoes(text, it.words)
	return it
}

// markEchoes marks the words that only repeat a word of a reduplicating
// compound of text (end-to-end, step-by-step, Browser-End-to-End-Tests,
// Schritt-für-Schritt): the compound names one thing, and its repeated
// word would count twice for a manual that holds it.
func markEchoes(text string, ws []qword) {
	echoes := map[string]int{}
	for _, tok := range strings.Fields(text) {
		parts := strings.Split(strings.Trim(tok, ".,;:!?()[]\"'"), "-")
		for i := range parts {
			for j := i + 2; j < len(parts) && parts[i] != ""; j++ {
				if strings.EqualFold(parts[i], parts[j]) {
					echoes[strings.ToLower(parts[i])]++
				}
			}
		}
	}
	if len(echoes) == 0 {
		return
	}
	seen := map[string]bool{}
	for i := range ws {
		w := &ws[i]
		if seen[w.raw] && echoes[w.raw] > 0 {
			w.echo = true
			echoes[w.raw]--
		}
		seen[w.raw] = true
	}
}

// catalogKnows returns whether some field of the catalog r reads holds a
// term (the routing fields, headings or bodies).
func catalogKnows(r index.IndexReader) func(string) bool {
	var ds []index.FieldDictContains
	if rc, ok := r.(index.IndexReaderContains); ok {
		for _, f := range []string{fRouting, fHeadings, fBody} {
			if d, err := rc.FieldDictContains(f); err == nil {
				ds = append(ds, d)
			}
		}
	}
	return func(term string) bool {
		for _, d := range ds {
			if ok, err := d.Contains([]byte(term)); err == nil && ok {
				return true
			}
		}
		return false
	}
}

// expand gives w, a word of an intent in language lang, the forms beyond
// its own terms (see adopt).
func (a *Analysis) expand(w *qword, lang string, known func(string) bool) {
	tw := textan.Word{Raw: w.raw, EN: w.en, DE: w.de, Number: w.number}
	a.t.Expand(&tw, lang)
	a.adopt(w, tw, lang, known)
}

// adopt makes w the word tw of textan's Query, with what depends on the
// catalog (known tells the terms it holds): a German word the glossary
// does not render is rendered by its English spellings the catalog holds
// (cognates), else by the parts of a compound split against the catalog's
// vocabulary (catalogParts), else, when the catalog does not know it, by
// its modifier alone (modifierTerms); an English word is also matched in
// its other spellings the catalog holds (textan.SpellingTerms); a word of
// five letters or more the catalog
// does not know, with no renderings, is matched with edits (fuzzy).
func (a *Analysis) adopt(w *qword, tw textan.Word, lang string, known func(string) bool) {
	w.raw, w.en, w.de, w.number = tw.Raw, tw.EN, germanStems(tw), tw.Number
	w.split = tw.Split
	groups := tw.Groups
	if lang != "en" && len(tw.DE) > 0 && len(groups) == 0 {
		if terms := a.cognateTerms(w.raw, tw.DE[0], known); len(terms) > 0 {
			groups, w.cognate = [][]string{terms}, true
			a.t.SetTrans(&tw, groups)
		} else if parts := a.catalogParts(w.raw, known); parts != nil {
			groups, w.split = parts, true
			a.t.SetTrans(&tw, groups)
		} else if mod := a.modifierTerms(w.raw); mod != nil && !known(w.en) {
			groups, w.split, w.modifier = [][]string{mod, nil}, true, true
			a.t.SetTrans(&tw, groups)
		}
	}
	w.trans, w.transGroups, w.related, w.base, w.plural = tw.Trans, groups, tw.Related, tw.Base, tw.Plural
	w.spelling, w.derived = nil, nil
	if w.en != "" && !w.number {
		for _, t := range slices.Concat(textan.SpellingTerms(w.raw), tw.Named) {
			if known(t) && !slices.Contains(w.spelling, t) {
				w.spelling = append(w.spelling, t)
			}
		}
		for _, t := range textan.DerivedTerms(w.raw) {
			if known(t) && !slices.Contains(w.spelling, t) {
				w.derived = append(w.derived, t)
			}
		}
	}
	if w.en != "" && !w.number && len(w.trans) == 0 && len(w.spelling) == 0 && len(w.derived) == 0 && utf8.RuneCountInString(w.raw) >= 5 && !known(w.en) {
		w.fuzzy = true
	}
}

// germanStems returns the German terms of tw without those that are
// English stop words other than the word itself: the German fields of a
// manual written in English hold its summary and triggers analysed as
// German, stop words and all, so the stem of ändern (and), Suche (such),
// offen (off) or Theme (them) would match every summary that says "and",
// "such as", "off" or "them", and weigh as common as they are.
func germanStems(tw textan.Word) []string {
	de := tw.DE
	for k, d := range de {
		if d != tw.Raw && textan.IsEnglishStopWord(d) {
			de = slices.Clone(de[:k])
			for _, d := range tw.DE[k+1:] {
				if d == tw.Raw || !textan.IsEnglishStopWord(d) {
					de = append(de, d)
				}
			}
			break
		}
	}
	return de
}

// cognateTerms returns the English terms of the cognates of the German
// word raw that the catalog knows, else those of its German stem: an
// inflected adjective or participle keeps the ending the cognate rules
// read (offiziellen, klassischen, technischer), its stem ends in it
// (offiziell → official, klassisch → classic, technisch → technical).
func (a *Analysis) cognateTerms(raw, stem string, known func(string) bool) []string {
	var out []string
	for _, t := range textan.CognateTerms(raw) {
		if known(t) {
			out = append(out, t)
		}
	}
	if len(out) > 0 || stem == "" || stem == textan.SpellUmlauts(lower(raw)) {
		return out
	}
	for _, t := range textan.CognateTerms(stem) {
		if known(t) {
			out = append(out, t)
		}
	}
	return out
}

func appendNew(s []string, v string) []string {
	for _, x := range s {
		if x == v {
			return s
		}
	}
	return append(s, v)
}

func lower(s string) string { return strings.ToLower(s) }

func allDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
