package prompt

// What a bake records beyond compiling and composing: the facts of the
// loaded folder and of the recipes, for internal/lint to judge.

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/prompt/facts"
)

// facts returns the facts of the loaded folder: files, load defects,
// every compiled template, engines, fragments, library names and task
// templates. The templates' facts are copies (with their unrendered text)
// so that bakes of one set share nothing they write; byT maps each
// template to its copy.
func (s *Set) facts() (f *facts.Prompts, byT map[*Template]*facts.Template) {
	byT = map[*Template]*facts.Template{}
	tf := func(t *Template) *facts.Template {
		c := t.Template
		c.Start, c.Text = t.Line, t.Src
		byT[t] = &c
		return &c
	}
	f = &facts.Prompts{Dir: s.Dir, Files: s.Files, FileProblems: s.Problems, Malformed: s.Malformed, Misplaced: s.Misplaced,
		Engines: map[string]string{}}
	for _, e := range s.Engines {
		f.Engines[e.Name] = e.Path
		for _, b := range e.Blocks {
			f.Templates = append(f.Templates, tf(b.T))
		}
	}
	for _, e := range slices.Sorted(maps.Keys(s.Fragments)) {
		for _, fr := range s.Fragments[e] {
			f.Fragments = append(f.Fragments, &fr.Fragment)
			f.Templates = append(f.Templates, tf(fr.T))
		}
	}
	for _, l := range s.Layers {
		f.Templates = append(f.Templates, tf(l.T))
	}
	f.Library = slices.Sorted(maps.Keys(s.Library))
	for _, name := range f.Library {
		lb := s.Library[name]
		if lb.Base != nil {
			f.Templates = append(f.Templates, tf(lb.Base.T))
		}
		for _, st := range slices.Sorted(maps.Keys(lb.Variants)) {
			f.Templates = append(f.Templates, tf(lb.Variants[st].T))
		}
	}
	for _, t := range s.Templates {
		f.Tasks = append(f.Tasks, facts.Task{Name: t.Name, Path: t.Path, Agent: t.Agent, AgentLine: t.AgentLine, AgentCol: t.AgentCol})
	}
	return f, byT
}

// missing records the roles and library blocks r names that its bundles
// go without: a role without a layer folder is not baked, a block without
// a file for a bundle's style is left out of those bundles.
func (b *baker) missing(r *config.Recipe) {
	for _, role := range r.Roles {
		if !b.roleDirExists(role) {
			b.f.MissingRoles = append(b.f.MissingRoles, facts.MissingRole{Recipe: r, Role: role})
		}
	}
	var styles []bundle.Style
	for _, p := range providersOf(r) {
		if st := b.style(p); !slices.Contains(styles, st) {
			styles = append(styles, st)
		}
	}
	for _, name := range r.Blocks {
		lb := b.s.Library[name]
		if lb == nil {
			b.f.MissingBlocks = append(b.f.MissingBlocks, facts.MissingBlock{Recipe: r, Block: name})
			continue
		}
		for _, st := range styles {
			if lb.For(st) == nil {
				b.f.MissingBlocks = append(b.f.MissingBlocks, facts.MissingBlock{Recipe: r, Block: name, Style: st})
			}
		}
	}
}

// unused records the configured recipes that bake nothing (their engine
// has no prompt) and the addon fragments no bundle reads.
func (b *baker) unused() {
	addons := map[string]bool{}
	for _, r := range b.f.Recipes {
		addons[r.Engine] = addons[r.Engine] || r.Addons
	}
	for _, r := range b.cfg.Recipes {
		if b.s.Engine(r.Engine) == nil {
			b.f.Unbaked = append(b.f.Unbaked, r)
		}
	}
	for _, f := range b.f.Fragments {
		if !addons[f.Engine] {
			b.f.Unused = append(b.f.Unused, f)
		}
	}
}

// rendered is a template and the text it rendered to for one bundle.
type rendered struct {
	t    *Template
	text string
}

// reach records, for recipe r, the templates whose text bundle bd holds:
// the parts of its composed blocks (the winner of a narrowest-wins block,
// every contributor of a concatenated one, nothing of a demoted or
// disabled block) and the addon fragments that rendered into it.
func (b *baker) reach(r *config.Recipe, bd *bundle.Bundle, fragments []rendered) {
	if b.byPos == nil {
		b.byPos = map[string]*Template{}
		for t := range b.byT {
			b.byPos[t.Path+"#"+strconv.Itoa(t.Line)] = t
		}
	}
	for _, c := range bd.Blocks {
		for _, p := range c.Parts {
			if t := b.byPos[b.fsPath(p.Source)+"#"+strconv.Itoa(p.Line)]; t != nil && strings.TrimSpace(p.Text) != "" {
				b.reachOne(r, t, p.Text)
			}
		}
	}
	for _, f := range fragments {
		b.reachOne(r, f.t, f.text)
	}
}

func (b *baker) reachOne(r *config.Recipe, t *Template, text string) {
	ft := b.byT[t]
	if ft == nil {
		return
	}
	idx := b.reached[r]
	if idx == nil {
		idx = map[*facts.Template]int{}
		b.reached[r] = idx
	}
	i, seen := idx[ft]
	if !seen {
		b.f.Reach = append(b.f.Reach, facts.Reach{Recipe: r, Template: ft})
		i = len(b.f.Reach) - 1
		idx[ft] = i
	}
	if rc := &b.f.Reach[i]; !slices.Contains(rc.Rendered, text) {
		rc.Rendered = append(rc.Rendered, text)
	}
}
