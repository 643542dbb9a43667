package search

import (
	"slices"
	"strings"
	"unicode/utf8"

	index "github.com/blevesearch/bleve_index_api"
)

// form is one way a word of the intent can appear in the catalog.
type form struct {
	term    string
	weight  float64
	german  bool // match in the German fields
	routing bool // match in routing fields only (fuzzy and prefix forms)
	kind    matchKind
	// parts has bit g set for a rendering of part g of a split compound
	// (see compound.go).
	parts uint8
}

// matchKind says how a form relates to the word of the intent it stands
// for (lore howdoi --explain shows it, and what each kind contributes).
type matchKind uint8

const (
	kindWord     matchKind = iota // the word's own English term
	kindGerman                    // its German stem
	kindPart                      // a part (the head) of a German compound
	kindGlossary                  // a glossary rendering (or a project vocabulary's)
	kindCognate                   // an English spelling of a German word (cognates)
	kindRelated                   // a term the thesaurus relates to it
	kindPlural                    // the other number of an acronym
	kindSpelling                  // its other spelling (summarise ↔ summarize)
	kindDerived                   // the verb or noun it derives from or derives (verify ↔ verification)
	kindBase                      // the letters of a word ending in digits
	kindPrefix                    // a longer term it begins (inside the word)
	kindFuzzy                     // a term one edit away (a typo)
	kindPhrase                    // a trigger the intent says whole
	numKinds
)

var kindNames = [numKinds]string{"word", "German stem", "compound part", "glossary", "cognate", "thesaurus", "acronym number",
	"spelling", "derivation", "digits dropped", "prefix", "one edit", "whole trigger"}

func (k matchKind) String() string { return kindNames[k] }

// naming reports whether a match of this kind in field says that the
// intent names the manual: a trigger the intent says whole, or the word
// itself (in either spelling: a cognate is the English spelling of the
// German word) in the manual's name. A translation in the name is not
// enough — "frei" is free and available, and a name that says
// "availability" is not named by it.
func (k matchKind) naming(field string) bool {
	switch {
	case field == fPhrases:
		return true
	case field != fWords:
		return false
	}
	return k == kindWord || k == kindPlural || k == kindCognate || k == kindSpelling
}

// forms lists the forms of every word of it.
func (c *Catalog) forms(it intent, r index.IndexReader) [][]form {
	transW := c.sc.transUnknown
	if it.lang == "de" {
		transW = c.sc.transDE
	}
	out := make([][]form, len(it.words))
	for i, w := range it.words {
		var fs []form
		if w.number {
			out[i] = []form{{term: w.en, weight: 1, routing: true, kind: kindWord}}
			continue
		}
		if w.en != "" {
			fs = append(fs, form{term: w.en, weight: 1, kind: kindWord})
		}
		for k, d := range w.de {
			f := form{term: d, weight: 1, german: true, kind: kindGerman}
			if k > 0 { // a part of a compound
				f.weight, f.kind = c.sc.part, kindPart
			}
			fs = append(fs, f)
		}
		trKind := kindGlossary
		if w.cognate {
			trKind = kindCognate
		}
		for _, t := range w.trans {
			f := form{term: t, weight: transW, kind: trKind}
			switch {
			case w.modifier:
				f.weight *= 1 - c.sc.part
				f.parts = partsOf(w, t)
			case w.split:
				f.weight *= c.sc.part
				f.parts = partsOf(w, t)
			}
			fs = append(fs, f)
		}
		relW := c.sc.related
		if len(w.trans) > 0 { // related to a rendering: an estimate of an estimate
			relW *= transW
		}
		if w.modifier { // related to a modifier's rendering
			relW *= 1 - c.sc.part
		}
		for _, t := range w.related {
			fs = append(fs, form{term: t, weight: relW, kind: kindRelated})
		}
		if w.plural != "" {
			fs = append(fs, form{term: w.plural, weight: 1, kind: kindPlural})
		}
		for _, t := range w.spelling {
			fs = append(fs, form{term: t, weight: 1, kind: kindSpelling})
		}
		// A derivation the stemmer does not merge (verify,
		// verification) is matched as the stemmer matches the others
		// (organize, organization): as the word.
		for _, t := range w.derived {
			fs = append(fs, form{term: t, weight: 1, kind: kindDerived})
		}
		if w.base != "" {
			fs = append(fs, form{term: w.base, weight: c.sc.fuzzy, kind: kindBase})
		}
		if w.en != "" {
			fs = append(fs, c.expansions(w, it, r)...)
		}
		out[i] = fs
	}
	return out
}

// expansions are the forms of w found in the catalog's routing terms: a
// term one edit from a word the catalog does not know (a typo), longer
// terms it begins inside the word (postgres → postgresql).
func (c *Catalog) expansions(w qword, it intent, r index.IndexReader) []form {
	var fs []form
	seen := map[string]bool{w.en: true}
	for _, t := range w.spelling {
		seen[t] = true
	}
	for _, t := range w.derived {
		seen[t] = true
	}
	for _, t := range w.trans {
		seen[t] = true
	}
	// A word the catalog does not know may be a typo of one it does:
	// terms one edit from its stem, when the stem is long enough for one
	// edit to keep it recognisable ("evening" stems to "even", one edit
	// from "event").
	if n := utf8.RuneCountInString(w.en); w.fuzzy && n >= minFuzzyLen && n <= maxFuzzyLen {
		for _, t := range fuzzyTerms(r, w.en) {
			if !seen[t] {
				seen[t] = true
				fs = append(fs, form{term: t, weight: c.sc.fuzzy, routing: true, kind: kindFuzzy})
			}
		}
	}
	// A longer term the word begins may be its full or derived form
	// (postgres → postgresql, work → worker), not a compound with another
	// word (back → background).
	if len(w.en) >= minPrefixLen {
		for _, t := range prefixTerms(r, w.en, it.isWord) {
			if !seen[t] {
				seen[t] = true
				fs = append(fs, form{term: t, weight: c.sc.prefix, routing: true, kind: kindPrefix})
			}
		}
	}
	return fs
}

// fuzzyTerms returns terms of the routing text one edit (or one swap of
// neighbouring letters) away from t.
func fuzzyTerms(r index.IndexReader, t string) []string {
	var out []string
	if rf, ok := r.(index.IndexReaderFuzzy); ok {
		prefix := ""
		if rs := []rune(t); len(rs) > 0 {
			prefix = string(rs[:1])
		}
		if d, err := rf.FieldDictFuzzy(fRouting, t, 1, prefix); err == nil {
			for e, err := d.Next(); err == nil && e != nil && len(out) < maxExpansion; e, err = d.Next() {
				if e.Term != t {
					out = append(out, e.Term)
				}
			}
			d.Close()
		}
	}
	if rc, ok := r.(index.IndexReaderContains); ok {
		if d, err := rc.FieldDictContains(fRouting); err == nil {
			rs := []rune(t)
			for i := 0; i+1 < len(rs) && len(out) < maxExpansion; i++ {
				sw := slices.Clone(rs)
				sw[i], sw[i+1] = sw[i+1], sw[i]
				s := string(sw)
				if ok, err := d.Contains([]byte(s)); err == nil && ok && s != t && !slices.Contains(out, s) {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// prefixTerms returns up to maxExpansion terms of the routing text that
// begin with t and continue it inside the word (see withinWord).
func prefixTerms(r index.IndexReader, t string, isWord func(string) bool) []string {
	d, err := r.FieldDictPrefix(fRouting, []byte(t))
	if err != nil {
		return nil
	}
	defer d.Close()
	var out []string
	for e, err := d.Next(); err == nil && e != nil && len(out) < maxExpansion; e, err = d.Next() {
		if e.Term != t && withinWord(t, e.Term, isWord) {
			out = append(out, e.Term)
		}
	}
	return out
}

// withinWord reports whether term, which begins with stem, continues the
// same word — an ending (work → worker, postgres → postgresql, admin →
// administr) — rather than a compound with another word (back →
// background, java → javascript, work → workflow) or an identifier (test
// → tests.ps1), also when the other word comes after the final e the
// stem lost or goes on (featur → featurepython, creat → createcontext,
// createtestingpinia: beginsWord). isWord tells a word (a term of the catalog or of lore's
// vocabulary); terms are Snowball stems, which may have lost a final e
// (workspace → workspac).
func withinWord(stem, term string, isWord func(string) bool) bool {
	rest := term[len(stem):]
	switch {
	case allDigits(rest): // a version: react → react18
		return true
	case strings.Trim(rest, "abcdefghijklmnopqrstuvwxyz") != "":
		return false
	}
	if len(rest) <= maxEnding {
		// A short rest is an ending (postgres → postgresql, work →
		// worker), unless the term is a common English word of its own
		// and the rest no English ending (repo → report, plan → planet).
		return shortEndings[rest] || !isEnglishWord(term)
	}
	if wordEndings[rest] {
		return true
	}
	return !isWord(rest) && !isWord(rest+"e") && !beginsWord(rest, isWord)
}

// beginsWord reports whether rest, or rest without the final e its stem
// lost (featur + epython), begins with a word of minPrefixLen letters or
// more: the term is a compound or an identifier of two words
// (featurepython, createcontext, createtestingpinia).
func beginsWord(rest string, isWord func(string) bool) bool {
	for _, r := range []string{rest, strings.TrimPrefix(rest, "e")} {
		for k := minPrefixLen; k <= len(r); k++ {
			if isWord(r[:k]) {
				return true
			}
		}
	}
	return false
}

// maxEnding is the longest rest of a term that counts as an ending
// whatever its letters (worker, postgresql), unless the term is a common
// English word of its own (report is not repo's: shortEndings).
const maxEnding = 2

// shortEndings are the English endings of up to maxEnding letters, and
// the final letters a stem keeps of its word (creat → create).
var shortEndings = map[string]bool{"s": true, "e": true, "y": true, "d": true, "r": true, "n": true,
	"ed": true, "er": true, "es": true, "en": true, "ly": true, "al": true, "ic": true, "or": true,
	"ar": true, "ry": true, "ty": true, "ie": true, "ee": true}

// wordEndings are endings that are words too (readable, ownership).
var wordEndings = map[string]bool{"abl": true, "able": true, "ship": true, "less": true, "ness": true, "ment": true, "ful": true,
	"ion": true, "ions": true, "ant": true, "ate": true}
