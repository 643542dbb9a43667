package lint

import (
	"fmt"
	"strings"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

var refUnknownManual = &Rule{
	ID: "ref/unknown-manual", Severity: diag.Error,
	Summary: "`manual_read('x')` that no manual (or, in a prompt, no path of its recipe) resolves",
	Doc: "Every `manual_read('name')` must resolve: in a manual, to some manual of the project; in an engine prompt or fragment, " +
		"through the manualPaths of each recipe that uses it. A call that resolves nowhere makes the model read an error instead of the help " +
		"it was promised. Names are file names without extension (`manuals/embedding/images.md` → `images`) and never contain `/`, `\\` or `..`. " +
		"The message suggests the closest existing name (in a file with thousands of unknown names, for the first of them).",
	Scope: ScopeNames, // the names and paths of the manuals: whether a name resolves, and to which file
	Manual: func(p *Pass, m *manual.Manual) {
		for _, r := range m.Refs {
			if r.Kind != manual.RefManual {
				continue
			}
			if msg := unresolved(p, p.In.Manuals, r.Target); msg != "" {
				p.ReportRange(m, r.Line, r.Col, r.Line, r.EndCol, "%s", msg)
			}
		}
	},
	// The hooks of prompts resolve through the cascade of their recipe
	// (seed 000 §4, rule 1), and a manual with an audience serves that
	// engine only.
	Project: promptRule(func(p *Pass) {
		cascades := map[string]*manual.Cascade{}
		for _, h := range p.In.Prompts.Hooks {
			key := h.Recipe.Name
			c, ok := cascades[key]
			if !ok {
				v := manual.Asking(h.Recipe.Engine, true, h.Recipe.Tools, nil, false)
				c = p.In.Manuals.CascadeFor(projectPaths(p.In.Config, h.Recipe.ManualPaths), v)
				cascades[key] = c
			}
			if msg := unresolvedHook(p, c, h.Recipe, h.Target); msg != "" {
				p.ReportAt(diag.Pos{File: h.File, Line: h.Line, Col: h.Col}, diag.Pos{}, "%s", msg)
			}
		}
	}),
}

// unresolved explains why manual_read(name) does not resolve in s, or
// returns "".
func unresolved(p *Pass, s *manual.Set, name string) string {
	if !manual.ValidName(name) {
		return invalidName(name)
	}
	if len(s.ByName(name)) > 0 {
		return ""
	}
	return notFound(p, name, "matches no manual", s.Names(), "create manuals/"+name+".md or fix the name")
}

// unresolvedHook explains why manual_read(name) in a prompt of recipe r
// does not give r's engine a manual through cascade c, or returns "".
func unresolvedHook(p *Pass, c *manual.Cascade, r *config.Recipe, name string) string {
	cfg := p.In.Config
	if !manual.ValidName(name) {
		return invalidName(name)
	}
	w := c.Resolve(name)
	if w == nil {
		w = hiddenNamed(c, name)
	}
	if w == nil {
		where := fmt.Sprintf("does not resolve through the manualPaths of recipe %q (%s)", r.Name, strings.Join(r.ManualPaths, ", "))
		if len(r.ManualPaths) == 0 {
			where = "matches no manual of the project"
		}
		var names []string
		for _, m := range c.Winners() {
			names = append(names, m.Name)
		}
		return notFound(p, name, where, names, "add the manual's folder to the recipe's manualPaths, or fix the name")
	}
	if w.Audience != "" && w.Audience != r.Engine {
		file := w.Path
		if cfg != nil {
			file = cfg.Rel(file)
		}
		return fmt.Sprintf("manual_read('%s') resolves to %s, whose audience is %s, not %s: hook it from %s's prompt, or drop the audience line",
			name, file, w.Audience, r.Engine, w.Audience)
	}
	if !c.Visibility.Sees(w) {
		file := w.Path
		if cfg != nil {
			file = cfg.Rel(file)
		}
		return fmt.Sprintf("manual_read('%s') resolves to %s, which requires %s, not all in the tools of recipe %q (%s): add the tools to the recipe, or hook it from another prompt",
			name, file, strings.Join(w.RequiresTools, ", "), r.Name, strings.Join(r.Tools, ", "))
	}
	return ""
}

// hiddenNamed returns the first manual called name in c, which c hides
// from its engine when c resolves no manual of that name, or nil.
func hiddenNamed(c *manual.Cascade, name string) *manual.Manual {
	for _, m := range c.Order {
		if m.Name == name {
			return m
		}
	}
	return nil
}

func invalidName(name string) string {
	return "manual_read('" + diag.Clip(name) + "') is not a valid manual name: names are file names without extension and never contain /, \\ or .."
}

// notFound says manual_read(name) finds nothing where it looked, then
// suggests the closest of names, or else the fix.
func notFound(p *Pass, name, where string, names []string, fix string) string {
	msg := "manual_read('" + diag.Clip(name) + "') " + where
	if c := p.closest(name, names); c != "" {
		return msg + ": did you mean manual_read('" + c + "')?"
	}
	return msg + ": " + fix
}

// projectPaths turns a recipe's manualPaths, relative to the project
// folder, into paths on the file system.
func projectPaths(cfg *config.Config, manualPaths []string) []string {
	out := make([]string, len(manualPaths))
	for i, mp := range manualPaths {
		out[i] = mp
		if cfg != nil {
			out[i] = cfg.Path(mp)
		}
	}
	return out
}
