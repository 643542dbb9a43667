package search

import (
	"strings"

	"github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
)

// separablePrefixes are the particles German separable verbs leave at the
// end of a clause: "trag den Termin ein" is eintragen, "stell die Zahlen
// als Diagramm dar" is darstellen.
var separablePrefixes = map[string]bool{
	"ab": true, "an": true, "auf": true, "aus": true, "bei": true, "dar": true, "ein": true, "fest": true,
	"her": true, "heraus": true, "hin": true, "hinzu": true, "hoch": true, "los": true, "mit": true,
	"nach": true, "um": true, "vor": true, "weg": true, "weiter": true, "zu": true, "zurück": true,
	"zurueck": true, "zusammen": true,
}

// conjunctions begin a new clause.
var conjunctions = map[string]bool{"und": true, "oder": true, "aber": true, "dann": true, "damit": true,
	"dass": true, "weil": true, "wenn": true, "sondern": true, "bevor": true, "nachdem": true}

// joinSeparableVerbs rewrites a German clause that ends in the particle of
// a separable verb the glossary knows: the particle is joined to the verb
// it belongs to ("trag mir Donnerstag einen Termin ein" → "eintrag mir
// Donnerstag einen Termin"), so the verb is matched as a whole. Text
// without such a clause is returned as it is.
func joinSeparableVerbs(text string, g *glossary) string {
	toks := unicode.NewUnicodeTokenizer().Tokenize([]byte(text))
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
		return rest != "" && strings.ContainsAny(rest[:1], ",.;:!?") || conjunctions[lower(string(toks[k+1].Term))]
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
		p := lower(string(toks[k].Term))
		if separablePrefixes[p] {
			for v := start; v < k; v++ {
				joined := p + lower(string(toks[v].Term))
				if g.lookupForm(g.normalize(joined)) != nil {
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
