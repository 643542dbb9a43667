package lint

import (
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/config"

	"github.com/lorekit/lore/internal/diag"
)

var promptTemplate = &Rule{
	ID: "prompt/template", Severity: diag.Error,
	Summary: "a prompt template does not compile or render (line:col)",
	Doc: "Engine prompts, addon fragments, layers and library blocks are Jinja/Pebble templates rendered with gonja; every one is " +
		"compiled at build time and rendered for every bundle, and an error names the file, line and column. Undefined variables are errors " +
		"(the context is engine, recipe, surface, role, provider, style, lang, params, tools, addonSections and sources — the manuals the engine can load, name and summary, within the recipe's sourcesBudget; per-turn values are " +
		"{{ turn.NAME }} placeholders in dynamic blocks). The rule also covers the structure around templates: malformed or duplicate " +
		"`<!-- block: NAME -->` markers, text before the first marker, task templates without front matter or description, a task " +
		"template whose `agent:` names no configured engine, recipe or role (seed 003: a template routes to a known agent), and a recipe " +
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
				written := writtenTurn(f, t.Path, u)
				p.ReportAt(diag.Pos{File: t.Path, Line: u.Line, Col: u.Col}, diag.Pos{},
					"per-turn values are placeholders the runtime fills: write %s on its own, without filters, conditions, loops or subscripts (found %s)",
					placeholderFor(written), written)
			}
		}
		reportTaskAgents(p)
		for _, d := range f.RenderErrors {
			p.ReportAt(d.Pos, diag.Pos{}, "template does not render: %s", d.Message)
		}
		for _, r := range f.Unbaked {
			for _, key := range []string{"budget", "surfaces", "providers", "roles", "blocks"} {
				if _, set := r.KeyLines[key]; set {
					file := path.Join(f.Dir, r.Engine+".md")
					state := "does not exist: write the engine prompt"
					if p.In.FS != nil {
						if _, err := p.In.FS.Stat(file); err == nil {
							state = "cannot be read (its own finding says why): fix it"
						}
					}
					p.ReportAt(recipePos(p.In, r, key), diag.Pos{}, "recipe %q configures prompt bundles (%s) but %s %s or drop the prompt keys",
						r.Name, key, file, state)
					break
				}
			}
		}
	},
}

// reportTaskAgents reports task templates whose agent: names nothing a
// task can be routed to: an engine, a recipe, or a role some recipe
// admits.
func reportTaskAgents(p *Pass) {
	f := p.In.Prompts
	var engines, roles []string
	add := func(list *[]string, name string) {
		if name != "" && !slices.Contains(*list, name) {
			*list = append(*list, name)
		}
	}
	for _, e := range slices.Sorted(maps.Keys(f.Engines)) {
		add(&engines, e)
	}
	var recipes []*config.Recipe
	if p.In.Config != nil {
		recipes = p.In.Config.Recipes
	}
	for _, r := range append(slices.Clip(recipes), f.Recipes...) {
		add(&engines, r.Name)
		add(&engines, r.Engine)
		for _, role := range r.Roles {
			add(&roles, role)
		}
	}
	for _, t := range f.Tasks {
		if t.Agent == "" || slices.Contains(engines, t.Agent) || slices.Contains(roles, t.Agent) {
			continue
		}
		hint := "name one of them or drop the agent: line"
		if c := config.Closest(t.Agent, append(slices.Clip(engines), roles...)); c != "" {
			hint = "did you mean \"" + c + "\"?"
		}
		p.ReportAt(diag.Pos{File: t.Path, Line: max(t.AgentLine, 1), Col: max(t.AgentCol, 1)}, diag.Pos{},
			"task template %q routes to agent %q, which is no configured engine or role (engines: %s; roles: %s): %s",
			t.Name, t.Agent, orNone(engines), orNone(roles), hint)
	}
}

func orNone(list []string) string {
	if len(list) == 0 {
		return "none"
	}
	return strings.Join(list, ", ")
}
