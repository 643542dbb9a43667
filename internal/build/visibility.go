package build

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/manual"
)

// Ask returns the cascade manual_read resolves through for engine ("" for
// no particular engine), with the visibility every runtime answer applies
// (manual.Visibility): the manualPaths of the engine's recipes, and as
// allow-set tools when toolsGiven (--tools), else the recipes' tools.
// Without an engine, or in a project without recipes, every manual root
// takes part in path order. An engine the project's recipes do not name
// is an error when the project has recipes.
func (p *Project) Ask(engine string, tools []string, toolsGiven bool) (*manual.Cascade, error) {
	var paths, recipeTools []string
	has := false
	if engine != "" && len(p.Config.Recipes) > 0 {
		if paths, recipeTools, has = p.Config.EngineView(engine); !has {
			return nil, fmt.Errorf("unknown engine %q: the project's recipes define %s", engine, strings.Join(p.Config.Engines(), ", "))
		}
	}
	v := manual.Asking(engine, has, recipeTools, tools, toolsGiven)
	if !has {
		return p.Manuals.CascadeFor(nil, v), nil
	}
	full := make([]string, len(paths))
	for i, mp := range paths {
		full[i] = p.Config.Path(mp)
	}
	return p.Manuals.CascadeFor(full, v), nil
}

// RecipeCascade returns the cascade of one recipe: its manualPaths, as
// its engine with the recipe's own tools as allow-set.
func (p *Project) RecipeCascade(r *config.Recipe) *manual.Cascade {
	full := make([]string, len(r.ManualPaths))
	for i, mp := range r.ManualPaths {
		full[i] = p.Config.Path(mp)
	}
	return p.Manuals.CascadeFor(full, manual.Asking(r.Engine, true, r.Tools, nil, false))
}

// ViewEngines returns the engines a per-engine view (the site's engine
// filter) shows, sorted: the engines of the recipes, or in a project
// without recipes, every audience a manual names.
func (p *Project) ViewEngines() []string {
	if len(p.Config.Recipes) > 0 {
		return p.Config.Engines()
	}
	var out []string
	for _, m := range p.Manuals.Manuals {
		if m.Audience != "" && !slices.Contains(out, m.Audience) {
			out = append(out, m.Audience)
		}
	}
	slices.Sort(out)
	return out
}
