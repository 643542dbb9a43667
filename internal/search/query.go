package search

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	index "github.com/blevesearch/bleve_index_api"
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
	it.lang = c.an.language(it.words)
	keepLanguage(it.words, it.lang)
	known := catalogKnows(r)
	it.isWord = func(t string) bool { return known(t) || c.an.knowsEnglish(t) || isEnglishWord(t) }
	for i := range it.words {
		c.an.expand(&it.words[i], it.lang, known)
	}
	return it
}

// words tokenises text (German separable verbs joined) and gives each word
// its English and German terms. Filler words of requests ("can you please
// help me …") say nothing about the need: they count as stop words in
// both languages. A bare number ("at 3", "15 Uhr", "Java 17") is marked:
// it counts only where a manual routes with it (a name, trigger, summary
// or title); in a body it is a time, a count or an example, not the task.
func (a *Analysis) words(text string) []qword {
	in := []byte(joinSeparableVerbs(text, a.gloss))
	raw := unicode.NewUnicodeTokenizer().Tokenize(in)
	byPos := map[int]*qword{}
	ws := make([]qword, len(raw))
	for i, t := range raw {
		ws[i].raw = lower(string(t.Term))
		byPos[t.Position] = &ws[i]
	}
	for _, t := range a.en.Analyze(in) {
		if w := byPos[t.Position]; w != nil {
			w.en = string(t.Term)
		}
	}
	for _, t := range a.de.Analyze(in) {
		if w := byPos[t.Position]; w != nil {
			w.de = appendNew(w.de, string(t.Term))
		}
	}
	for i := range ws {
		w := &ws[i]
		if fillers[w.raw] {
			w.en, w.de = "", nil
		}
		w.number = allDigits(w.raw)
	}
	return ws
}

// language tells which language words are in: words that are stop words
// in one language only, and umlauts; when they do not tell, words the
// German glossary renders as other words ("anlegen" → create, but not
// "Team" → team). It returns "en", "de" or "" (cannot tell).
func (a *Analysis) language(ws []qword) string {
	score, glossed := 0, 0
	for i := range ws {
		w := &ws[i]
		enStop, deStop := w.en == "", len(w.de) == 0
		switch {
		case enStop && !deStop:
			score--
		case deStop && !enStop:
			score++
		}
		if hasGermanLetter(w.raw) {
			score += 2
		}
		if !enStop && !deStop && a.germanOnly(w.raw, w.en) {
			glossed++
		}
	}
	if score == 0 {
		score = glossed
	}
	switch {
	case score > 0:
		return "de"
	case score < 0:
		return "en"
	}
	return ""
}

// keepLanguage drops the terms a word must not match with in an intent of
// language lang: a stop word of one language must not match through the
// other's fields ("for" is no German stop word, "die" no English one), and
// an English intent has no German terms to match. A number keeps its
// digits as its only term.
func keepLanguage(ws []qword, lang string) {
	for i := range ws {
		w := &ws[i]
		enStop, deStop := w.en == "", len(w.de) == 0
		if lang == "en" || enStop {
			w.de = nil
		}
		if deStop && lang != "en" {
			w.en = ""
		}
		if w.number {
			w.en, w.de = w.raw, nil
		}
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
			} else if parts := a.catalogParts(w.raw, known); parts != nil {
				groups, w.split = parts, true
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
	for _, c := range cognates(raw) {
		for _, t := range a.en.Analyze([]byte(c)) {
			if s := string(t.Term); known(s) {
				out = appendNew(out, s)
			}
		}
	}
	return out
}

// germanOnly reports whether the glossary knows raw as a German word whose
// renderings are other words than en, its English term.
func (a *Analysis) germanOnly(raw, en string) bool {
	groups, split := a.gloss.lookup(raw)
	if len(groups) == 0 || split {
		return false
	}
	for _, tr := range groups[0] {
		for _, t := range a.en.Analyze([]byte(tr)) {
			if string(t.Term) == en {
				return false
			}
		}
	}
	return true
}

// fillers are the words of a request that are not about the need itself,
// beyond the analyzers' stop words: modal verbs, politeness, hedges. The
// German ones include the German forms of the English stop words and
// fillers that the German stop word list lacks (before → bevor, why →
// warum, more → mehr, let's → lass, maybe → vielleicht), and the ASCII
// spellings of German stop words (fuer, ueber), so a request says as
// little with them in German as in English.
var fillers = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
		can could would should must might may shall will want wants wanted need needs needed please help helps
		like let lets just really actually also maybe thing things stuff something anything someone somehow
		way know tell try trying able sure now still already going gonna wanna quick quickly
		bitte mal möchte moechte möchten moechten brauche brauchst braucht brauchen könnt koennt könnte koennte
		kannst sollen solltest müssen muessen musst gerne gern irgendwie bisschen eigentlich hilf helfen hilfe
		wissen weiss weiß geht gehen klappt
		dass unsere unserem unseren unserer unseres wurde wurden worden sei seid seien ja nein eben halt
		gerade schon bloß bloss etwa hast habt darf dürfen duerfen hätte haette wäre waere
		beim bevor vorher nachdem danach oberhalb unterhalb erneut sobald wann wohin woher warum wieso weshalb
		beide beiden beides wenige wenig weniger mehr meisten meist weder wer wen wem wessen wegen
		lass lasst lassen tun tue tut wirklich tatsächlich tatsaechlich vielleicht jemand jemanden
		irgendwas irgendetwas sag sagen versuche versuchen probieren
		fuer ueber waehrend koennen wuerde wuerden`) {
		m[w] = true
	}
	return m
}()

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

func hasGermanLetter(s string) bool {
	for _, r := range s {
		switch r {
		case 'ä', 'ö', 'ü', 'ß', 'Ä', 'Ö', 'Ü':
			return true
		}
	}
	return false
}
