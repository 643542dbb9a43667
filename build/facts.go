package build

import (
	"slices"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/build/manual"
	"github.com/lorekit/lore/build/site"
	"github.com/lorekit/lore/build/tokens"
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
	Shadows      []shadow
	ShadowedBy   []shadow
}

// shadow is one name conflict inside a recipe.
type shadow struct {
	Recipe string
	Other  *manual.Manual
}

// manualFacts computes the facts of every manual of p.
func manualFacts(p *Project, counter *tokens.Counter) map[*manual.Manual]*facts {
	ms := p.Manuals.Manuals
	out := make(map[*manual.Manual]*facts, len(ms))
	for _, m := range ms {
		text := string(m.Src)
		f := &facts{Tokens: counter.MustCount(text), SHA256: bundle.Digest(text)}
		for _, r := range m.Refs {
			if r.Kind == manual.RefManual && !slices.Contains(f.References, r.Target) {
				f.References = append(f.References, r.Target)
			}
		}
		out[m] = f
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
	// file in path order.
	primary := map[string]*manual.Manual{}
	for _, r := range p.Config.Recipes {
		c := p.Cascade(r.ManualPaths)
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
