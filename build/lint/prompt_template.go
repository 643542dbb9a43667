package lint

import (
	"path"

	"github.com/lorekit/lore/build/diag"
)

var promptTemplate = &Rule{
	ID: "prompt/template", Severity: diag.Error,
	Summary: "a prompt template does not compile or render (line:col)",
	Doc: "Engine prompts, addon fragments, layers and library blocks are Jinja/Pebble templates rendered with gonja; every one is " +
		"compiled at build time and rendered for every bundle, and an error names the file, line and column. Undefined variables are errors " +
		"(the context is engine, recipe, surface, role, provider, style, lang, params, tools and addonSections; per-turn values are " +
		"{{ turn.NAME }} placeholders in dynamic blocks). The rule also covers the structure around templates: malformed or duplicate " +
		"`<!-- block: NAME -->` markers, text before the first marker, task templates without front matter or description, and a recipe " +
		"that configures bundles for an engine without a prompt.",
	Project: func(p *Pass) {
		f := p.In.Prompts
		if f == nil {
			return
		}
		if f.Failure != nil {
			p.ReportAt(f.Failure.Pos, diag.Pos{}, "%s", f.Failure.Message)
			return
		}
		for _, d := range f.Malformed {
			p.ReportAt(d.Pos, diag.Pos{}, "%s", d.Message)
		}
		for _, t := range f.Templates {
			if t.Err != nil {
				p.ReportAt(t.Err.Pos, diag.Pos{}, "template does not compile: %s", t.Err.Message)
			}
			if !t.Dynamic {
				continue // per-turn values in a static block are prompt/cache-order's
			}
			for _, u := range t.Turn {
				if u.Placeholder {
					continue
				}
				name := u.Name
				if name == "turn" {
					name = "NAME" // turn itself, without a value's name
				}
				p.ReportAt(diag.Pos{File: t.Path, Line: u.Line, Col: u.Col}, diag.Pos{},
					"per-turn values are placeholders the runtime fills: write {{ turn.%s }} on its own, without filters, conditions or loops", name)
			}
		}
		for _, d := range f.RenderErrors {
			p.ReportAt(d.Pos, diag.Pos{}, "template does not render: %s", d.Message)
		}
		for _, r := range f.Unbaked {
			for _, key := range []string{"budget", "surfaces", "providers", "roles", "blocks"} {
				if _, set := r.KeyLines[key]; set {
					p.ReportAt(recipePos(p.In, r, key), diag.Pos{}, "recipe %q configures prompt bundles (%s) but %s does not exist: write the engine prompt or drop the prompt keys",
						r.Name, key, path.Join(f.Dir, r.Engine+".md"))
					break
				}
			}
		}
	},
}
