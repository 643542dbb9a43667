package lint

import (
	"github.com/lorekit/lore/internal/diag"
)

var refShadowed = &Rule{
	ID: "ref/shadowed", Severity: diag.Info,
	Summary: "a name shadowed in a recipe's manualPaths",
	Doc: "`manual_read(name)` takes the first match in the order of a recipe's manualPaths (seed 000 §7), so a second manual with the " +
		"same name is never read by that recipe. That is how a project overrides a shipped manual, and then it is fine; otherwise rename one. " +
		"The finding names the file that wins. Without recipes, the manual roots in order form the cascade. Resources of an Agent Skills " +
		"folder are read by path and never reported as shadowed. A manual hidden from the recipe's engine (audience, requires-tools) neither wins " +
		"nor is shadowed: ref/hidden-shadow reports it when it comes first.",
	Project: func(p *Pass) {
		cs := engineCascades(p)
		if p.In.Config == nil || len(p.In.Config.Recipes) == 0 {
			cs = []recipeCascade{{cascade: p.In.Manuals.Cascade(nil)}}
		}
		for _, c := range cs {
			cas := c.cascade
			for _, m := range cas.Order {
				win := cas.Resolve(m.Name)
				switch {
				case win == nil || win == m || m.InSkill() || !cas.Visibility.Sees(m): // a skill reads its resources by path
				case c.recipe == "":
					p.Report(m, 1, 1, "manual_read('%s') is shadowed: %s wins", m.Name, win.Path)
				default:
					p.Report(m, 1, 1, "manual_read('%s') is shadowed in recipe %s: %s wins (manualPaths order)", m.Name, c.recipe, win.Path)
				}
			}
		}
	},
}
