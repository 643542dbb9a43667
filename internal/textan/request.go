package textan

import (
	"slices"
	"strings"
)

// A Word is a word of a request with its terms.
type Word struct {
	// Raw is the word in lower case.
	Raw string
	// EN is its English term ("" for an English stop word or a filler);
	// DE its German terms: the stem, then a compound's head (none for a
	// German stop word or a filler).
	EN string
	DE []string
	// Number is set for a word of digits only.
	Number bool

	// What Expand adds: Trans are the English terms of the word's
	// glossary renderings (not its own English term), Groups the same by
	// meaning (one group a part of a compound; Split is then set);
	// Related the terms the thesaurus relates to the word's English term
	// or to its renderings; Base the letters of a word that ends in
	// digits (arm64 → arm); Plural the other number of an acronym (llm ↔
	// llms), which the stemmer leaves alone.
	Trans  []string
	Groups [][]string
	// Named are the terms of the names its symbols spell out (C# →
	// csharp, .NET → dotnet: SymbolNames).
	Named   []string
	Split   bool
	Related []string
	Base    string
	Plural  string
}

// Query analyses a request as the catalog does before it looks at the
// catalog: its words (Request), their language (Language), the terms
// each keeps in it (KeepLanguage) and what Expand adds.
func (a *Analysis) Query(text string) (lang string, ws []Word) {
	ws = a.Request(text)
	lang = a.Language(ws)
	KeepLanguage(ws, lang)
	for i := range ws {
		a.Expand(&ws[i], lang)
	}
	return lang, ws
}

// Expand gives w, a word of a request in language lang, its renderings
// (a German word, in a request not known to be English), the letters of
// a word that ends in digits, the other number of an acronym and the
// related terms. What depends on an index (which English spellings of a
// German word it holds, typos) is the caller's: see SetTrans.
func (a *Analysis) Expand(w *Word, lang string) {
	if lang != "en" && len(w.DE) > 0 {
		groups, split := a.Renderings(w.Raw)
		w.Split = split
		w.Groups = append(w.Groups, groups...)
		a.SetTrans(w, groups)
	} else {
		a.SetTrans(w, nil)
	}
	if b := strings.TrimRight(w.EN, "0123456789"); len(b) >= 2 && b != w.EN && strings.Trim(b, "abcdefghijklmnopqrstuvwxyz") == "" {
		w.Base = b
	}
	w.Plural = AcronymPlural(w.EN)
}

// SetTrans sets the renderings of w to the terms of groups (leaving out
// w's own English term) and its related terms to those the thesaurus
// relates to them, or to w's English term when there are none (Ausfall →
// outage → incident, downtime).
func (a *Analysis) SetTrans(w *Word, groups [][]string) {
	w.Trans = nil
	for _, terms := range groups {
		for _, t := range terms {
			if t != w.EN {
				w.Trans = appendNew(w.Trans, t)
			}
		}
	}
	w.Related = nil
	from := w.Trans
	if len(from) == 0 {
		from = []string{w.EN}
	}
	for _, t := range from {
		for _, r := range a.Related(t) {
			if r != w.EN && !slices.Contains(w.Trans, r) {
				w.Related = appendNew(w.Related, r)
			}
		}
	}
}

// AcronymPlural returns the plural of an acronym without vowels ("llm" →
// "llms") or its singular ("apis" stems to "api" already, "llms" does not:
// → "llm"); "" for other words.
func AcronymPlural(t string) string {
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

// Request cuts a request into its words (German separable verbs joined,
// see JoinSeparableVerbs) and gives each its English and German terms.
// Filler words of requests ("can you please help me …") say nothing about
// the need: they count as stop words in both languages (see IsFiller).
func (a *Analysis) Request(text string) []Word {
	in := a.JoinSeparableVerbs(text)
	raw := WordList(in)
	ws := make([]Word, len(raw))
	for i, t := range raw {
		ws[i].Raw = strings.ToLower(t.Text)
		ws[i].Named = SymbolNames(in, t)
	}
	// English folds the text first, which may cut it into other words
	// (① is a word there): terms go to the word at their position.
	at := func(pos int) *Word {
		if pos >= 1 && pos <= len(ws) {
			return &ws[pos-1]
		}
		return nil
	}
	for _, t := range English(in) {
		if w := at(t.Pos); w != nil {
			w.EN = t.Term
		}
	}
	for _, t := range a.comp.German(in) {
		if w := at(t.Pos); w != nil {
			w.DE = appendNew(w.DE, t.Term)
		}
	}
	for i := range ws {
		w := &ws[i]
		if IsFiller(w.Raw) {
			w.EN, w.DE = "", nil
		}
		w.Number = allDigits(w.Raw)
	}
	return ws
}

// Language tells which language the words of a request are in: words
// that are stop words in one language only, and umlauts; when they do not
// tell, words the German glossary renders as other words ("anlegen" →
// create, but not "Team" → team). It returns "en", "de" or "" (cannot
// tell).
func (a *Analysis) Language(ws []Word) string {
	score, glossed := 0, 0
	for i := range ws {
		w := &ws[i]
		enStop, deStop := w.EN == "", len(w.DE) == 0
		switch {
		case enStop && !deStop:
			score--
		case deStop && !enStop:
			score++
		}
		if hasGermanLetter(w.Raw) {
			score += 2
		}
		if !enStop && !deStop && a.germanOnly(w.Raw, w.EN) {
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

// KeepLanguage drops the terms a word must not match with in a request of
// language lang: a stop word of one language must not match through the
// other's fields ("for" is no German stop word, "die" no English one), and
// an English request has no German terms to match. A number keeps its
// digits as its only term.
func KeepLanguage(ws []Word, lang string) {
	for i := range ws {
		w := &ws[i]
		enStop, deStop := w.EN == "", len(w.DE) == 0
		if lang == "en" || enStop {
			w.DE = nil
		}
		if deStop && lang != "en" {
			w.EN = ""
		}
		if w.Number {
			w.EN, w.DE = w.Raw, nil
		}
	}
}

// germanOnly reports whether the glossary knows raw as a German word whose
// renderings are other words than en, its English term.
func (a *Analysis) germanOnly(raw, en string) bool {
	groups, split := a.gloss.lookup(raw)
	if len(groups) == 0 || split {
		return false
	}
	for _, tr := range groups[0] {
		for _, t := range English(tr) {
			if t.Term == en {
				return false
			}
		}
	}
	return true
}

// fillerList are the words of a request that are not about the need
// itself, beyond the stop words: modal verbs, politeness, hedges. The
// German ones include the German forms of the English stop words and
// fillers that the German stop word list lacks (before → bevor, why →
// warum, more → mehr, let's → lass, maybe → vielleicht), and the ASCII
// spellings of German stop words (fuer, ueber), so a request says as
// little with them in German as in English.
const fillerList = `
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
fuer ueber waehrend koennen wuerde wuerden`

var fillers = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(fillerList) {
		m[w] = true
	}
	return m
}()

// IsFiller reports whether the lower-case word w is a filler word of
// requests.
func IsFiller(w string) bool { return fillers[w] }

func allDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

func hasGermanLetter(s string) bool {
	return strings.ContainsAny(s, "äöüßÄÖÜ")
}
