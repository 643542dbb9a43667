package textan

import (
	_ "embed"
	"iter"
	"slices"
	"strings"
	"unicode/utf8"
)

// glossaryText is a compact German → English technical glossary: one
// German word per line, then a colon and its English renderings. It takes
// German requests across the language gap to manuals written in English
// only ("Diagramm einbetten" → chart, diagram, embed).
//
//go:embed glossary_de_en.txt
var glossaryText string

// glossary looks German words up by their normalised stem.
type glossary struct {
	// byStem maps a normalised, stemmed German word to its renderings
	// as written in the glossary ("sign out").
	byStem map[string][]string
	// forms are the normalised German words (not stemmed), sorted: the
	// dictionary of the compound splitter.
	forms []string
	// longest is the length in runes of the longest normalised word: no
	// part of a compound is longer than it plus partSlack (split).
	longest int
}

// partSlack is how many runes longer than its glossary word a form of it
// may be: inflection and verb endings, a participle's ge-, the zu of an
// infinitive and what the stemmer removes together stay well below it.
const partSlack = 24

func parseGlossary(text string) *glossary {
	g := &glossary{byStem: map[string][]string{}}
	g.add(text)
	return g
}

// with returns a copy of g with the entries of text added.
func (g *glossary) with(text string) *glossary {
	c := &glossary{byStem: make(map[string][]string, len(g.byStem)), forms: slices.Clone(g.forms), longest: g.longest}
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
			n := Normalize(w)
			g.longest = max(g.longest, utf8.RuneCountInString(n))
			s := stem(n)
			for _, t := range tr {
				if !slices.Contains(g.byStem[s], t) {
					g.byStem[s] = append(g.byStem[s], t)
				}
			}
			if len(n) >= MinCompoundPart && !seen[n] {
				seen[n] = true
				g.forms = append(g.forms, n)
			}
		}
	}
	slices.Sort(g.forms)
}

// wordListLines yields the key and value of every "key: value" line of a
// word list (the glossary, the thesaurus); blank lines, # comments and
// lines without a colon are skipped.
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

// lookup returns the renderings of the German word w (any case, umlauts
// or their ASCII forms, inflected), one group per meaning: a word the
// glossary knows (or one of its inflection variants) is one group; a
// compound is split into known parts ("Datenbankmigration" → Datenbank +
// Migration), one group per part, and split is set. It returns nil when w
// is not German the glossary knows.
func (g *glossary) lookup(w string) (groups [][]string, split bool) {
	n := Normalize(w)
	if tr := g.lookupForm(n); tr != nil {
		return [][]string{tr}, false
	}
	for _, part := range g.split(n) {
		groups = append(groups, g.lookupForm(part))
	}
	return groups, len(groups) > 0
}

// lookupForm tries the normalised word n and its inflection variants:
// participles (gespeichert → speicher), verb endings (erstellt, erstellte,
// erstellst).
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
	for _, c := range variants(n) {
		if tr, ok := g.byStem[stem(c)]; ok {
			return tr
		}
		if tr, ok := g.byStem[c]; ok {
			return tr
		}
	}
	return nil
}

// verbEndings are the endings variants removes (normalised German).
var verbEndings = []string{"t", "et", "te", "ten", "tet", "st", "est", "n", "s"}

// variants returns n and n without one verb ending, and the same without
// a participle's ge- (when n is long enough; one ge-, so the work stays
// linear in n).
func variants(n string) []string {
	out := endingVariants(n)
	if strings.HasPrefix(n, "ge") && len(n) > 6 {
		out = append(out, endingVariants(strings.TrimPrefix(n, "ge"))...)
	}
	return out
}

// endingVariants returns n and n without one verb ending.
func endingVariants(n string) []string {
	out := []string{n}
	for _, suf := range verbEndings {
		if len(n) > len(suf)+3 && strings.HasSuffix(n, suf) {
			out = append(out, strings.TrimSuffix(n, suf))
		}
	}
	return out
}

// linkingElements may join two parts of a compound.
var linkingElements = []string{"s", "es", "n", "en"}

// split cuts a normalised compound into glossary words, fewest parts
// first, allowing the linking elements s, es, n and en between parts
// ("Datenbankmigration" → datenbank, migration). A German compound names a
// kind of its last part (its head): when the word does not split fully, a
// known head with known parts before it still counts, and the unknown
// modifier in front (at least minModifier letters) is left out
// ("Kreditrisikodaten" → risiko, daten). A known word inside that is not
// the head ("Käsespätzle" holds "spät") is no split. It returns nil when
// there is no split. Lengths count runes.
func (g *glossary) split(n string) []string {
	return g.splitWithin(n, g.longest+partSlack)
}

// splitWithin is split with parts of at most maxPart runes: no longer
// part is a glossary word, and the bound keeps the work linear in the
// word's length (a request of one 4,000-letter word took seconds).
func (g *glossary) splitWithin(n string, maxPart int) []string {
	rs := []rune(n)
	if len(rs) < 2*MinCompoundPart {
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
	// best[i] holds the shortest split of rs[i:] into known parts, each
	// followed by an optional linking element; nil: none.
	best := make([][]string, len(rs)+1)
	best[len(rs)] = []string{}
	for i := len(rs) - MinCompoundPart; i >= 0; i-- {
		for k := i + MinCompoundPart; k <= min(len(rs), i+maxPart); k++ {
			if best[k] == nil {
				continue
			}
			try := func(part string) {
				if !known(part, k == len(rs)) {
					return
				}
				cand := append([]string{part}, best[k]...)
				if best[i] == nil || len(cand) < len(best[i]) {
					best[i] = cand
				}
			}
			try(string(rs[i:k]))
			if k < len(rs) { // a linking element between two parts
				for _, link := range linkingElements {
					if k-len(link)-i >= MinCompoundPart && string(rs[k-len(link):k]) == link {
						try(string(rs[i : k-len(link)]))
					}
				}
			}
		}
	}
	if len(best[0]) >= 2 {
		return best[0]
	}
	// The longest known head (with any known parts before it) after an
	// unknown modifier (as the index's compound filter: see Head).
	for j := minModifier; j+MinCompoundPart <= len(rs); j++ {
		if len(best[j]) > 0 && !isVerbPrefix(string(rs[:j])) {
			return best[j]
		}
	}
	return nil
}
