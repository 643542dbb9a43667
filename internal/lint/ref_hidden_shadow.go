package lint

import (
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

var refHiddenShadow = &Rule{
	ID: "ref/hidden-shadow", Severity: diag.Info,
	Summary: "a manual hidden from an engine comes before the visible manual of its name",
	Doc: "A manual is visible to an engine when its audience is absent or that engine and its requires-tools all lie in the recipe's " +
		"allow-set (seed 000 §3, §11); `manual_read(name)` takes the first *visible* match in the order of a recipe's manualPaths, so a " +
		"hidden manual never shadows a visible one. When a hidden manual comes before a visible manual of the same name, the engine reads " +
		"the later one, which is usually the intent (an override for one engine, or for engines with a tool) but can surprise: the finding, " +
		"on the hidden file, names the engine, why the file is hidden from it and the manual the engine reads instead. Rename one of them " +
		"if they are different topics. Without recipes, each engine a manual names as audience is checked against the roots in path order.",
	Project: func(p *Pass) {
		for _, c := range engineCascades(p) {
			for _, m := range c.cascade.Order {
				if m.InSkill() || !slices.Contains(c.cascade.Hides(m.Name), m) {
					continue // a skill reads its resources by path
				}
				p.Report(m, 1, 1, "manual_read('%s')%s is hidden from engine %s (%s), so it does not shadow %s, which the engine reads instead; rename one if they are different manuals",
					m.Name, c.where, c.cascade.Visibility.Engine, hiddenWhy(c.cascade.Visibility, m), c.cascade.Resolve(m.Name).Path)
			}
		}
	},
}

// recipeCascade is the cascade of one recipe for its engine and tools, or
// in a project without recipes, of the roots for one audience engine.
type recipeCascade struct {
	recipe  string
	where   string // " in recipe R" or ""
	cascade *manual.Cascade
}

// engineCascades returns the cascade of every recipe, as its engine with
// the recipe's tools as allow-set; without recipes, the cascade of the
// roots in path order for every engine a manual names as audience.
func engineCascades(p *Pass) []recipeCascade {
	var out []recipeCascade
	if p.In.Config != nil && len(p.In.Config.Recipes) > 0 {
		for _, r := range p.In.Config.Recipes {
			v := manual.Asking(r.Engine, true, r.Tools, nil, false)
			out = append(out, recipeCascade{r.Name, " in recipe " + r.Name, p.In.Manuals.CascadeFor(projectPaths(p.In.Config, r.ManualPaths), v)})
		}
		return out
	}
	var engines []string
	for _, m := range p.In.Manuals.Manuals {
		if m.Audience != "" && !slices.Contains(engines, m.Audience) {
			engines = append(engines, m.Audience)
		}
	}
	slices.Sort(engines)
	for _, e := range engines {
		out = append(out, recipeCascade{"", "", p.In.Manuals.CascadeFor(nil, manual.Asking(e, false, nil, nil, false))})
	}
	return out
}

// hiddenWhy says why v does not see m.
func hiddenWhy(v manual.Visibility, m *manual.Manual) string {
	if v.Engine != "" && m.Audience != "" && m.Audience != v.Engine {
		return "its audience is " + m.Audience
	}
	var missing []string
	for _, t := range m.RequiresTools {
		if !v.AnyTools && !slices.Contains(v.Tools, t) {
			missing = append(missing, t)
		}
	}
	return "it requires " + strings.Join(missing, ", ") + ", outside the recipe's tools"
}
