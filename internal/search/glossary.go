package search

import (
	_ "embed"
	"iter"
	"slices"
	"strings"
	"sync"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/de"
)

// glossaryText is a compact German → English technical glossary: one
// German word per line, then a colon and its English renderings. It takes
// German intents across the language gap to manuals written in English
// only ("Diagramm einbetten" → chart, diagram, embed).
//
//go:embed glossary_de_en.txt
var glossaryText string

// glossary looks German words up by their normalised stem.
type glossary struct {
	byStem map[string][]string
	// forms are the normalised German words (not stemmed), the dictionary
	// of the compound splitter.
	forms []string
	norm  *de.GermanNormalizeFilter
	stem  *de.GermanLightStemmerFilter
}

// defaultGlossary is lore's glossary, parsed once per process and never
// changed (a project's vocabulary is added to a copy: with).
var defaultGlossary = sync.OnceValue(func() *glossary { return parseGlossary(glossaryText) })

func parseGlossary(text string) *glossary {
	g := &glossary{byStem: map[string][]string{}, norm: de.NewGermanNormalizeFilter(), stem: de.NewGermanLightStemmerFilter()}
	g.add(text)
	return g
}

// with returns a copy of g with the entries of text added.
func (g *glossary) with(text string) *glossary {
	c := &glossary{byStem: make(map[string][]string, len(g.byStem)), forms: slices.Clone(g.forms), norm: g.norm, stem: g.stem}
	for k, v := range g.byStem {
		c.byStem[k] = slices.Clip(v)
	}
	c.add(text)
	return c
}

// add adds the entries of text to g.
func (g *glossary) add(text string) {
	seen := make(map[string]bool, len(g.forms))
	for _, f := range g.forms {
		seen[f] = true
	}
	for k, v := range wordListLines(text) {
		var tr []string
		for _, t := range strings.Split(v, ",") {
			if t = strings.TrimSpace(t); t != "" {
				tr = append(tr, t)
			}
		}
		for _, w := range strings.Split(k, ",") {
			w = strings.ToLower(strings.TrimSpace(w))
			if w == "" {
				continue
			}
			n := g.normalize(w)
			s := g.stemOf(n)
			for _, t := range tr {
				if !slices.Contains(g.byStem[s], t) {
					g.byStem[s] = append(g.byStem[s], t)
				}
			}
			if len(n) >= minCompoundPart && !seen[n] {
				seen[n] = true
				g.forms = append(g.forms, n)
			}
		}
	}
	slices.Sort(g.forms)
}

// wordListLines yields the key and value of every "key: value" line of a word
// list (the glossary, the thesaurus); blank lines, # comments and lines
// without a colon are skipped.
func wordListLines(text string) iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for _, line := range strings.Split(text, "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			if k, v, ok := strings.Cut(line, ":"); ok && !yield(k, v) {
				return
			}
		}
	}
}

// minCompoundPart is the shortest part the compound splitter accepts.
const minCompoundPart = 4

// compoundWords is the dictionary of the index-time compound splitter.
func (g *glossary) compoundWords() []string { return g.forms }

func (g *glossary) normalize(w string) string {
	ts := g.norm.Filter(analysis.TokenStream{{Term: []byte(strings.ToLower(w))}})
	return string(ts[0].Term)
}

func (g *glossary) stemOf(normalized string) string {
	ts := g.stem.Filter(analysis.TokenStream{{Term: []byte(normalized)}})
	return string(ts[0].Term)
}

// lookup returns the English renderings of the German word w (any case,
// umlauts or their ASCII forms, inflected), one group per meaning: a
// word the glossary knows (or one of its inflection variants) is one
// group; a compound is split into known parts ("Datenbankmigration" →
// Datenbank + Migration), one group per part, and split is set. It returns
// nil when w is not German the glossary knows.
func (g *glossary) lookup(w string) (groups [][]string, split bool) {
	n := g.normalize(w)
	if tr := g.lookupForm(n); tr != nil {
		return [][]string{tr}, false
	}
	for _, part := range g.split(n) {
		groups = append(groups, g.lookupForm(part))
	}
	return groups, len(groups) > 0
}

// lookupForm tries the word and its inflection variants: participles
// (gespeichert → speicher), verb endings (erstellt, erstellte, erstellst).
func (g *glossary) lookupForm(n string) []string {
	if tr := g.lookupVariants(n); tr != nil {
		return tr
	}
	// Other forms of the word (see lemmaCandidates).
	for _, c := range lemmaCandidates(n) {
		if tr := g.lookupVariants(c); tr != nil {
			return tr
		}
	}
	return nil
}

// lookupVariants looks up n and its inflection variants.
func (g *glossary) lookupVariants(n string) []string {
	for _, c := range g.variants(n) {
		if tr, ok := g.byStem[g.stemOf(c)]; ok {
			return tr
		}
		if tr, ok := g.byStem[c]; ok {
			return tr
		}
	}
	return nil
}

func (g *glossary) variants(n string) []string {
	out := []string{n}
	for _, suf := range []string{"t", "et", "te", "ten", "tet", "st", "est", "n", "s"} {
		if len(n) > len(suf)+3 && strings.HasSuffix(n, suf) {
			out = append(out, strings.TrimSuffix(n, suf))
		}
	}
	if strings.HasPrefix(n, "ge") && len(n) > 6 {
		out = append(out, g.variants(strings.TrimPrefix(n, "ge"))...)
	}
	return out
}

// split cuts a normalised compound into glossary words, fewest parts
// first, allowing the linking elements s, es, n and en between parts
// ("Datenbankmigration" → datenbank, migration). A German compound names a
// kind of its last part (its head): when the word does not split fully, a
// known head with known parts before it still counts, and the unknown
// modifier in front (at least minModifier letters) is left out
// ("Kreditrisikodaten" → risiko, daten). A known word inside that is not
// the head ("Käsespätzle" holds "spät") is no split. It returns nil when
// there is no split.
func (g *glossary) split(n string) []string {
	if len(n) < 2*minCompoundPart {
		return nil
	}
	// Only the head (the last part) carries an inflection ending, and
	// only its other forms are looked up (see lemmaCandidates).
	known := func(p string, head bool) bool {
		if head {
			return g.lookupForm(p) != nil
		}
		return g.lookupVariants(p) != nil
	}
	// best[i] holds the shortest split of n[i:] into known parts, each
	// followed by an optional linking element; nil: none.
	best := make([][]string, len(n)+1)
	best[len(n)] = []string{}
	for i := len(n) - minCompoundPart; i >= 0; i-- {
		for k := i + minCompoundPart; k <= len(n); k++ {
			if best[k] == nil {
				continue
			}
			try := func(part string) {
				if !known(part, k == len(n)) {
					return
				}
				cand := append([]string{part}, best[k]...)
				if best[i] == nil || len(cand) < len(best[i]) {
					best[i] = cand
				}
			}
			try(n[i:k])
			if k < len(n) { // a linking element between two parts
				for _, link := range []string{"s", "es", "n", "en"} {
					if k-len(link)-i >= minCompoundPart && n[k-len(link):k] == link {
						try(n[i : k-len(link)])
					}
				}
			}
		}
	}
	if len(best[0]) >= 2 {
		return best[0]
	}
	// The longest known head (with any known parts before it) after an
	// unknown modifier (as the index's compound filter: see head).
	for j := minModifier; j+minCompoundPart <= len(n); j++ {
		if len(best[j]) > 0 && !verbPrefixes[n[:j]] {
			return best[j]
		}
	}
	return nil
}
