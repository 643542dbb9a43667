package search

import (
	"fmt"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2/search/query"
)

// Visibility says who asks: an engine and its allow-set. Visibility is
// absolute: a manual whose audience is another engine, or that requires a
// tool outside Tools, is never returned — whatever it scores — and so is
// a manual that requires a tool the catalog has never heard of, unless
// that tool is in Tools.
type Visibility struct {
	// Engine is the asking engine. A manual with an audience is visible
	// only to that engine; when the project has recipes, an engine sees
	// only what its recipe's manualPaths cascade returns. "" asks as no
	// particular engine: audience and cascade are not checked (an
	// inspection of the whole catalog).
	Engine string
	// Tools is the allow-set: a manual is visible only when every tool it
	// requires is in it (an empty allow-set sees only manuals that require
	// nothing).
	Tools []string
	// AnyTools skips the tool check: the caller has no allow-set (an
	// inspection, or an eval over a folder of documents).
	AnyTools bool
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

// visible is the same rule in Go, applied once more to every hit, so that
// a defect in the filter query could never leak a hidden manual.
func (c *Catalog) visible(v Visibility, audience string, tools []string, engines []string) bool {
	if v.Engine != "" {
		if audience != "" && audience != anyValue && audience != v.Engine {
			return false
		}
		if len(c.meta.Engines) > 0 && !slices.Contains(engines, anyValue) && !slices.Contains(engines, v.Engine) {
			return false
		}
	}
	if !v.AnyTools {
		for _, t := range tools {
			if !slices.Contains(v.Tools, t) {
				return false
			}
		}
	}
	return true
}

// VisibilityFor resolves who asks from command-line style inputs: engine
// (may be ""), and the allow-set when one was given (toolsGiven). Without
// an allow-set, an engine with recipes uses its recipes' tools; otherwise
// tools are not checked. An engine the project's recipes do not name is an
// error when the project has recipes.
func (c *Catalog) VisibilityFor(engine string, tools []string, toolsGiven bool) (Visibility, error) {
	v := Visibility{Engine: engine}
	if engine != "" && len(c.meta.Engines) > 0 && !slices.Contains(c.meta.Engines, engine) {
		return v, fmt.Errorf("unknown engine %q: the project's recipes define %s", engine, strings.Join(c.meta.Engines, ", "))
	}
	switch {
	case toolsGiven:
		v.Tools = tools
	case engine != "" && c.meta.EngineTools[engine] != nil:
		v.Tools = c.meta.EngineTools[engine]
	default:
		v.AnyTools = true
	}
	return v, nil
}
