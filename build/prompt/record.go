package prompt

// What a bake records beyond compiling and composing: the facts of the
// loaded folder and of the recipes, for build/lint to judge.

import (
	"maps"
	"slices"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/build/config"
	"github.com/lorekit/lore/build/prompt/facts"
)

// facts returns the facts of the loaded folder: files, load defects,
// every compiled template, engines, fragments and library names.
func (s *Set) facts() *facts.Prompts {
	f := &facts.Prompts{Dir: s.Dir, Files: s.Files, FileProblems: s.Problems, Malformed: s.Malformed, Misplaced: s.Misplaced,
		Engines: map[string]string{}}
	for _, e := range s.Engines {
		f.Engines[e.Name] = e.Path
		for _, b := range e.Blocks {
			f.Templates = append(f.Templates, &b.T.Template)
		}
	}
	for _, e := range slices.Sorted(maps.Keys(s.Fragments)) {
		for _, fr := range s.Fragments[e] {
			f.Fragments = append(f.Fragments, &fr.Fragment)
			f.Templates = append(f.Templates, &fr.T.Template)
		}
	}
	for _, l := range s.Layers {
		f.Templates = append(f.Templates, &l.T.Template)
	}
	f.Library = slices.Sorted(maps.Keys(s.Library))
	for _, name := range f.Library {
		lb := s.Library[name]
		if lb.Base != nil {
			f.Templates = append(f.Templates, &lb.Base.T.Template)
		}
		for _, st := range slices.Sorted(maps.Keys(lb.Variants)) {
			f.Templates = append(f.Templates, &lb.Variants[st].T.Template)
		}
	}
	return f
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
	for _, p := range Providers(r) {
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
