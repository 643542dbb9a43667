package textan

import "strings"

// separablePrefixes are the particles German separable verbs leave at the
// end of a clause: "trag den Termin ein" is eintragen, "stell die Zahlen
// als Diagramm dar" is darstellen.
var separablePrefixes = []string{"ab", "an", "auf", "aus", "bei", "dar", "ein", "fest", "her", "heraus", "hin",
	"hinzu", "hoch", "los", "mit", "nach", "um", "vor", "weg", "weiter", "zu", "zurück", "zurueck", "zusammen"}

// conjunctions begin a new clause.
var conjunctions = []string{"und", "oder", "aber", "dann", "damit", "dass", "weil", "wenn", "sondern", "bevor", "nachdem"}

// clausePunctuation ends a clause.
const clausePunctuation = ",.;:!?"

func contains(list []string, w string) bool {
	for _, x := range list {
		if x == w {
			return true
		}
	}
	return false
}

// JoinSeparableVerbs rewrites a German clause that ends in the particle of
// a separable verb the glossary knows: the particle is joined to the verb
// it belongs to ("trag mir Donnerstag einen Termin ein" → "eintrag mir
// Donnerstag einen Termin"), so the verb is matched as a whole. Text
// without such a clause is returned as it is.
func (a *Analysis) JoinSeparableVerbs(text string) string {
	toks := WordList(text)
	if len(toks) < 2 {
		return text
	}
	// A clause ends at the text's end, at punctuation or before a
	// conjunction.
	endsClause := func(k int) bool {
		if k+1 == len(toks) {
			return true
		}
		rest := strings.TrimSpace(text[toks[k].End:toks[k+1].Start])
		return rest != "" && strings.ContainsAny(rest[:1], clausePunctuation) || contains(conjunctions, strings.ToLower(toks[k+1].Text))
	}
	type edit struct {
		verb, particle int
		joined         string
	}
	var edits []edit
	start := 0 // first token of the current clause
	for k := range toks {
		if !endsClause(k) {
			continue
		}
		p := strings.ToLower(toks[k].Text)
		if contains(separablePrefixes, p) {
			for v := start; v < k; v++ {
				if joined := a.separableVerb(p, strings.ToLower(toks[v].Text)); joined != "" {
					edits = append(edits, edit{verb: v, particle: k, joined: joined})
					break
				}
			}
		}
		start = k + 1
	}
	if len(edits) == 0 {
		return text
	}
	var b strings.Builder
	last := 0
	for _, e := range edits {
		vt, pt := toks[e.verb], toks[e.particle]
		b.WriteString(text[last:vt.Start])
		b.WriteString(e.joined)
		b.WriteString(text[vt.End:pt.Start])
		last = pt.End
	}
	b.WriteString(text[last:])
	return b.String()
}

// separableVerb returns the verb that particle p and the verb form v make
// when the glossary knows it ("" when it does not): the joined form
// itself (ein + trag), or else its infinitive, which the glossary may know
// through another form of the word — um + setze is umsetzen, whose noun
// Umsetzung the glossary lists (lemmaCandidates). The joined form of an
// imperative or a first person (umsetze, umsetz) is no form the glossary
// lookup derives an -ung noun from; its infinitive is.
func (a *Analysis) separableVerb(p, v string) string {
	joined := p + v
	if a.gloss.lookupForm(Normalize(joined)) != nil {
		return joined
	}
	if strings.HasSuffix(joined, "n") {
		return "" // an infinitive already
	}
	inf := joined + "en"
	if strings.HasSuffix(joined, "e") {
		inf = joined + "n"
	}
	if a.gloss.lookupForm(Normalize(inf)) != nil {
		return inf
	}
	return ""
}
