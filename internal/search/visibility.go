package search

import (
	"fmt"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2/search/query"

	"github.com/lorekit/lore/internal/manual"
)

// Visibility says who asks: an engine and its allow-set. It is
// manual.Visibility, the one rule of every consumer; the catalog adds the
// cascade: when the project has recipes, an engine sees only what its
// recipe's manualPaths reach, and of the manuals that share a name only
// the first one visible to it. Visibility is absolute: a hidden manual is
// never returned, whatever it scores.
type Visibility = manual.Visibility

// Shadow is one name that a cascade reaches more than once: its manuals
// in cascade order. The first one visible to the asker is the answer; the
// others are not (manual.Cascade's rule).
type Shadow []Contender

// Contender is one manual of a Shadow: its path (the entry id; a document
// of a skill folder is no entry) and what its visibility depends on.
type Contender struct {
	ID       string   `json:"id"`
	Audience string   `json:"audience,omitempty"`
	Tools    []string `json:"tools,omitempty"`
}

// shadowsOf returns the names each engine's cascade reaches more than
// once; "" is the cascade of every root in path order, through which one
// asks without an engine or in a project without recipes.
func shadowsOf(src Source, cfg *configView) map[string][]Shadow {
	out := map[string][]Shadow{}
	add := func(key string, c *manual.Cascade) {
		byName := map[string]Shadow{}
		var names []string
		for _, m := range c.Order {
			if _, ok := byName[m.Name]; !ok {
				names = append(names, m.Name)
			}
			byName[m.Name] = append(byName[m.Name], Contender{ID: m.Path, Audience: m.Audience, Tools: m.RequiresTools})
		}
		for _, n := range names {
			if len(byName[n]) > 1 {
				out[key] = append(out[key], byName[n])
			}
		}
	}
	add("", src.Manuals.Cascade(nil))
	for _, e := range cfg.engines {
		add(e, src.Manuals.Cascade(cfg.paths[e]))
	}
	return out
}

// configView is what the catalog takes from the recipes: each engine's
// manualPaths (as file system paths) and allow-set.
type configView struct {
	engines []string
	paths   map[string][]string
	tools   map[string][]string
}

// viewOf reads the recipes of src.
func viewOf(src Source) *configView {
	v := &configView{paths: map[string][]string{}, tools: map[string][]string{}}
	cfg := src.Config
	if cfg == nil {
		return v
	}
	v.engines = cfg.Engines()
	for _, e := range v.engines {
		paths, tools, _ := cfg.EngineView(e)
		full := make([]string, len(paths))
		for i, p := range paths {
			full[i] = cfg.Path(p)
		}
		v.paths[e], v.tools[e] = full, tools
	}
	return v
}

// losers returns the ids of the entries v cannot see because a manual of
// the same name comes first in v's cascade and is visible to v, or
// because none of that name is visible.
func (c *Catalog) losers(v Visibility) map[string]bool {
	key := ""
	if v.Engine != "" && len(c.meta.Engines) > 0 {
		key = v.Engine
	}
	out := map[string]bool{}
	for _, sh := range c.meta.Shadows[key] {
		won := false
		for _, ct := range sh {
			if !won && v.Allows(ct.Audience, ct.Tools) {
				won = true
				continue
			}
			out[ct.ID] = true
		}
	}
	return out
}

// filter returns the query that admits exactly the documents visible to v,
// or nil when everything is visible.
func (c *Catalog) filter(v Visibility) query.Query {
	var must []query.Query
	if v.Engine != "" {
		must = append(must, anyOf(fAudience, anyValue, v.Engine))
		if len(c.meta.Engines) > 0 {
			must = append(must, anyOf(fEngines, anyValue, v.Engine))
		}
	}
	var mustNot []query.Query
	if !v.AnyTools {
		for _, t := range c.meta.Tools {
			if !slices.Contains(v.Tools, t) {
				q := query.NewTermQuery(t)
				q.SetField(fTools)
				mustNot = append(mustNot, q)
			}
		}
	}
	if lost := c.losers(v); len(lost) > 0 {
		ids := make([]string, 0, len(lost))
		for id := range lost {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		mustNot = append(mustNot, query.NewDocIDQuery(ids))
	}
	if len(must) == 0 && len(mustNot) == 0 {
		return nil
	}
	return query.NewBooleanQuery(must, nil, mustNot)
}

func anyOf(field string, values ...string) query.Query {
	qs := make([]query.Query, len(values))
	for i, v := range values {
		t := query.NewTermQuery(v)
		t.SetField(field)
		qs[i] = t
	}
	return query.NewDisjunctionQuery(qs)
}

// judge returns the same rule in Go (manual.Visibility.Allows, the reach
// of v's cascade and its shadows), applied once more to every hit by id
// and stored fields, so that a defect in the filter query could never
// leak a hidden manual.
func (c *Catalog) judge(v Visibility) func(id, audience string, tools, engines []string) bool {
	lost := c.losers(v)
	return func(id, audience string, tools, engines []string) bool {
		if audience == anyValue {
			audience = ""
		}
		if !v.Allows(audience, tools) || lost[id] {
			return false
		}
		return v.Engine == "" || len(c.meta.Engines) == 0 || slices.Contains(engines, anyValue) || slices.Contains(engines, v.Engine)
	}
}

// VisibilityFor resolves who asks from command-line style inputs: engine
// (may be ""), and the allow-set when one was given (toolsGiven). Without
// an allow-set, an engine with recipes uses its recipes' tools; otherwise
// tools are not checked (manual.Asking). An engine the project's recipes
// do not name is an error when the project has recipes.
func (c *Catalog) VisibilityFor(engine string, tools []string, toolsGiven bool) (Visibility, error) {
	return guarded(c.dir, func() (Visibility, error) { return c.visibilityFor(engine, tools, toolsGiven) })
}

func (c *Catalog) visibilityFor(engine string, tools []string, toolsGiven bool) (Visibility, error) {
	if engine != "" && len(c.meta.Engines) > 0 && !slices.Contains(c.meta.Engines, engine) {
		return Visibility{Engine: engine}, fmt.Errorf("unknown engine %q: the project's recipes define %s", engine, strings.Join(c.meta.Engines, ", "))
	}
	recipeTools, has := c.meta.EngineTools[engine]
	return manual.Asking(engine, has && engine != "", recipeTools, tools, toolsGiven), nil
}
