package build

import (
	"encoding/binary"
	"encoding/hex"
	"slices"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/site"
	"github.com/lorekit/lore/internal/tokens"
)

// facts are what the manifest and the site both say about a manual,
// computed once per build.
type facts struct {
	URL          string
	Tokens       int
	SHA256       string
	References   []string // manual_read targets, in order of first appearance
	ReferencedBy []string // names of the manuals that read it, sorted
	Recipes      []string // recipes whose cascade returns this file
	Engines      []string // engines whose manual_read returns this file (Project.Ask)
	Shadows      []shadow
	ShadowedBy   []shadow
}

// shadow is one name conflict inside a recipe.
type shadow struct {
	Recipe string
	Other  *manual.Manual
}

// manualRefs returns the manuals m reads (manual_read), each once, in
// the order of their first read. A set, not a search of the list: a 2 MiB
// manual holds 100,000 reads, and the list search made that n².
func manualRefs(m *manual.Manual) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range m.Refs {
		if r.Kind == manual.RefManual && !seen[r.Target] {
			seen[r.Target] = true
			out = append(out, r.Target)
		}
	}
	return out
}

// tokensTable holds token counts of earlier builds, by encoding and
// content hash.
const tokensTable = "tokens"

// manualFacts computes the facts of every manual of p, over the cores;
// token counts come from c when it has them.
func manualFacts(p *Project, counter *tokens.Counter, c *cache.Cache, sums map[*manual.Manual]cache.Key) map[*manual.Manual]*facts {
	ms := p.Manuals.Manuals
	fs := make([]*facts, len(ms))
	forEach(len(ms), func(i int) {
		m := ms[i]
		sum, ok := sums[m]
		if !ok {
			sum = cache.Of(m.Src)
		}
		fs[i] = &facts{SHA256: hex.EncodeToString(sum[:]), Tokens: countTokens(counter, c, sum, m.Src), References: manualRefs(m)}
	})
	out := make(map[*manual.Manual]*facts, len(ms))
	for i, m := range ms {
		out[m] = fs[i]
	}
	refBy := map[string][]string{}
	for _, m := range ms {
		for _, t := range out[m].References {
			if !slices.Contains(refBy[t], m.Name) {
				refBy[t] = append(refBy[t], m.Name)
			}
		}
	}
	for _, m := range ms {
		by := slices.Clone(refBy[m.Name])
		slices.Sort(by)
		out[m].ReferencedBy = by
	}

	// Which file of a name manual_read('name') links to on the site: the
	// winner of the first recipe that reaches the name, else the first
	// file in path order. A recipe's cascade is for its engine and tools:
	// a hidden manual neither wins nor shadows.
	primary := map[string]*manual.Manual{}
	for _, r := range p.Config.Recipes {
		c := p.RecipeCascade(r)
		for _, w := range c.Winners() {
			out[w].Recipes = append(out[w].Recipes, r.Name)
			if primary[w.Name] == nil {
				primary[w.Name] = w
			}
			for _, lost := range c.Shadowed(w.Name) {
				out[w].Shadows = append(out[w].Shadows, shadow{Recipe: r.Name, Other: lost})
				out[lost].ShadowedBy = append(out[lost].ShadowedBy, shadow{Recipe: r.Name, Other: w})
			}
		}
	}
	for _, e := range p.ViewEngines() {
		c, err := p.Ask(e, nil, false)
		if err != nil {
			continue // ViewEngines are the engines Ask knows
		}
		for _, w := range c.Winners() {
			out[w].Engines = append(out[w].Engines, e)
		}
	}
	for _, name := range p.Manuals.Names() {
		files := p.Manuals.ByName(name)
		first := primary[name]
		if first == nil {
			first = files[0]
		}
		out[first].URL = site.ManualURL(name, 0)
		n := 1
		for _, m := range files {
			if m != first {
				out[m].URL = site.ManualURL(name, n)
				n++
			}
		}
	}
	return out
}

// countTokens counts the tokens of text (whose SHA-256 is sum), or finds
// the count in the cache.
func countTokens(counter *tokens.Counter, c *cache.Cache, sum cache.Key, text []byte) int {
	if c == nil {
		return counter.MustCount(string(text))
	}
	key := cache.NewHasher("tokens").String(counter.Encoding()).Key(sum).Sum()
	if b, ok := c.Table(tokensTable).Get(key); ok {
		if n, w := binary.Uvarint(b); w == len(b) && w > 0 {
			return int(n)
		}
	}
	n := counter.MustCount(string(text))
	c.Table(tokensTable).Put(key, binary.AppendUvarint(nil, uint64(n)))
	return n
}
