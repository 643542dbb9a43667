package manual

import "slices"

// Visibility says who asks for manuals: an engine and its allow-set of
// tools. It is the one rule every consumer applies (manual_read,
// manual_list, how_do_i, the MCP resources, the site's engine views and
// the cascade): a manual is visible when its audience allows the engine
// and every tool it requires lies in the allow-set (seed 000 §3, §11).
type Visibility struct {
	// Engine is the asking engine. A manual with an audience is visible
	// only to that engine. "" asks as no particular engine (an
	// inspection): the audience is not checked.
	Engine string
	// Tools is the allow-set: a manual is visible only when every tool
	// it requires is in it. An empty allow-set sees only the manuals that
	// require nothing.
	Tools []string
	// AnyTools skips the tool check: the caller has no allow-set (no
	// engine with recipes and no --tools).
	AnyTools bool
}

// Allows reports whether a manual with this audience ("" for every
// engine) that requires these tools is visible.
func (v Visibility) Allows(audience string, requires []string) bool {
	if v.Engine != "" && audience != "" && audience != v.Engine {
		return false
	}
	if v.AnyTools {
		return true
	}
	for _, t := range requires {
		if !slices.Contains(v.Tools, t) {
			return false
		}
	}
	return true
}

// Sees reports whether m is visible: m itself and every skill whose folder
// holds it. A document or a nested skill in the folder of a skill hidden
// from the engine is part of that skill and hidden with it.
func (v Visibility) Sees(m *Manual) bool {
	for ; m != nil; m = m.enclosing() {
		if !v.Allows(m.Audience, m.RequiresTools) {
			return false
		}
	}
	return true
}

// Asking returns the visibility of engine ("" for none). The allow-set
// is tools when toolsGiven (a --tools override); otherwise, when the
// engine has recipes (hasRecipes), the tools of its recipes, possibly
// none; otherwise tools are not checked.
func Asking(engine string, hasRecipes bool, recipeTools []string, tools []string, toolsGiven bool) Visibility {
	v := Visibility{Engine: engine}
	switch {
	case toolsGiven:
		v.Tools = slices.Clone(tools)
	case engine != "" && hasRecipes:
		v.Tools = slices.Clone(recipeTools)
		if v.Tools == nil {
			v.Tools = []string{}
		}
	default:
		v.AnyTools = true
	}
	return v
}
