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
	// related are English terms the thesaurus relates to the word or its
	// renderings; base is the letters of a word that ends in digits
	// (arm64 → arm, vue3 → vue).
	related []string
	base    string
	// plural is the other number of an acronym, which the stemmer leaves
	// alone (llm ↔ llms, pr ↔ prs).
	plural string
	number bool // digits only: matched in routing fields only
	fuzzy  bool // the catalog knows none of its forms: match with edits
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
// matching. r is a reader of the catalog (for the vocabulary).
func (c *Catalog) analyse(text string, r index.IndexReader) intent {
	it := intent{words: c.an.words(text)}
	ws := make([]textan.Word, len(it.words))
	for i, w := range it.words {
		ws[i] = textan.Word{Raw: w.raw, EN: w.en, DE: w.de, Number: w.number}
	}
	it.lang = c.an.t.Language(ws)
	textan.KeepLanguage(ws, it.lang)
	for i, w := range ws {
		it.words[i].en, it.words[i].de = w.EN, w.DE
	}
	known := catalogKnows(r)
	it.isWord = func(t string) bool { return known(t) || c.an.t.KnowsEnglish(t) || isEnglishWord(t) }
	for i := range it.words {
		c.an.expand(&it.words[i], it.lang, known)
	}
	return it
}

// words tokenises text (German separable verbs joined) and gives each word
// its English and German terms (textan's Request). Filler words of
// requests count as stop words in both languages. A bare number ("at 3",
// "15 Uhr", "Java 17") is marked: it counts only where a manual routes
// with it (a name, trigger, summary or title); in a body it is a time, a
// count or an example, not the task.
func (a *Analysis) words(text string) []qword {
	req := a.t.Request(text)
	ws := make([]qword, len(req))
	for i, w := range req {
		ws[i] = qword{raw: w.Raw, en: w.EN, de: w.DE, number: w.Number}
	}
	return ws
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

// expand gives w the forms beyond its own terms: the glossary renderings
// of a German word (in an intent not known to be English), whether it
// needs matching with edits (a word of five letters or more the catalog
// does not know: known tells), the letters of a word that ends in digits,
// the other number of an acronym and the thesaurus's related terms.
func (a *Analysis) expand(w *qword, lang string, known func(string) bool) {
	if lang != "en" && len(w.de) > 0 {
		groups, split := a.Renderings(w.raw)
		w.split = split
		if len(groups) == 0 {
			if terms := a.cognateTerms(w.raw, known); len(terms) > 0 {
				groups, w.cognate = [][]string{terms}, true
			}
		}
		for _, terms := range groups {
			for _, t := range terms {
				if t != w.en {
					w.trans = appendNew(w.trans, t)
				}
			}
			w.transGroups = append(w.transGroups, terms)
		}
	}
	if w.en != "" && !w.number && len(w.trans) == 0 && utf8.RuneCountInString(w.raw) >= 5 && !known(w.en) {
		w.fuzzy = true
	}
	if b := strings.TrimRight(w.en, "0123456789"); len(b) >= 2 && b != w.en && strings.Trim(b, "abcdefghijklmnopqrstuvwxyz") == "" {
		w.base = b
	}
	w.plural = acronymPlural(w.en)
	// The thesaurus relates English words: the word's own, or a German
	// word's renderings (Ausfall → outage → incident, downtime).
	from := w.trans
	if len(from) == 0 {
		from = []string{w.en}
	}
	for _, t := range from {
		for _, r := range a.Related(t) {
			if r != w.en && !slices.Contains(w.trans, r) {
				w.related = appendNew(w.related, r)
			}
		}
	}
}

// cognateTerms returns the English terms of the cognates of the German
// word raw that the catalog knows.
func (a *Analysis) cognateTerms(raw string, known func(string) bool) []string {
	var out []string
	for _, t := range textan.CognateTerms(raw) {
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

// acronymPlural returns the plural of an acronym without vowels ("llm" →
// "llms") or its singular ("apis" stems to "api" already, "llms" does not:
// → "llm"); "" for other words.
func acronymPlural(t string) string {
	if len(t) < 2 || strings.ContainsAny(t, "aeiouy0123456789") || strings.Trim(t, "abcdefghijklmnopqrstuvwxyz") != "" {
		return ""
	}
	if strings.HasSuffix(t, "s") {
		if len(t) >= 3 {
			return t[:len(t)-1]
		}
		return ""
	}
	return t + "s"
}

func allDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
