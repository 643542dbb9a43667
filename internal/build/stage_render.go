package build

import (
	"io/fs"
	"maps"
	"slices"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/site"
	"github.com/lorekit/lore/theme"
)

// siteInput maps the project and the stages' results onto the site's
// view model (the lint results are added once the linter is done); caps
// are the capability surfaces (siteCapabilities).
func siteInput(p *Project, res *Result, fs map[*manual.Manual]*facts, sums map[*manual.Manual]cache.Key, caps map[string]*site.Capabilities) *site.Input {
	cfg := p.Config
	in := &site.Input{
		Title: cfg.Title, BaseURL: cfg.BaseURL, EditURL: cfg.EditURL,
		Engines: p.ViewEngines(), Rules: siteRules(), Sums: sums,
		FS: p.FS, ContentDir: p.inProject(cfg.Path(cfg.Content)), RelPath: p.RelPath, ProjectDir: p.projectDir(),
		Theme:     projectTheme(p),
		Downloads: []string{"manifest.json"},
	}
	for _, name := range cfg.ToolNames {
		in.Tools = append(in.Tools, site.Tool{Name: name, Description: cfg.Tools[name]})
	}
	// The files lint ignores are not published.
	ignored := lint.Ignored(cfg)
	views := make(map[*manual.Manual]*site.Manual, len(p.Manuals.Manuals))
	for _, m := range p.Manuals.Manuals {
		if ignored(m.Path) {
			continue
		}
		f := fs[m]
		v := &site.Manual{M: m, Path: p.RelPath(m.Path), URL: f.URL, Tokens: f.Tokens, SHA256: f.SHA256,
			References: f.References, ReferencedBy: f.ReferencedBy, Recipes: f.Recipes, Engines: f.Engines, Capabilities: caps[p.RelPath(m.Path)]}
		views[m] = v
		in.Manuals = append(in.Manuals, v)
	}
	for m, v := range views {
		for _, s := range fs[m].Shadows {
			if o := views[s.Other]; o != nil {
				v.Shadows = append(v.Shadows, site.Shadow{Recipe: s.Recipe, Other: o})
			}
		}
		for _, s := range fs[m].ShadowedBy {
			if o := views[s.Other]; o != nil {
				v.ShadowedBy = append(v.ShadowedBy, site.Shadow{Recipe: s.Recipe, Other: o})
			}
		}
	}
	in.Bundles = siteBundles(res.Baked)
	in.Templates, in.Blocks = siteCheatsheet(p, res.Baked)
	return in
}

// siteBundles maps the baked bundles onto the bundle pages' view model:
// each bundle with its descriptors, its prefix in every other render style
// and the prefix of its seed tier alone (the page's diff baseline).
func siteBundles(b *Baked) []*site.Bundle {
	if b == nil {
		return nil
	}
	out := make([]*site.Bundle, 0, len(b.Bundles))
	for _, bd := range b.Bundles {
		v := &site.Bundle{ID: bd.ID, Recipe: bd.Recipe, Engine: bd.Engine, Surface: bd.Surface, Role: bd.Role, Provider: bd.Provider,
			Style: string(bd.Style), Prefix: bd.Prefix, Tail: bd.Tail, SHA256: bd.SHA256, Bytes: bd.Bytes, Tokens: bd.Tokens,
			Budget: bd.Budget, Path: BundlePath(bd.ID)}
		for _, d := range bd.Layers {
			v.Layers = append(v.Layers, site.Layer{Block: d.Block, Layer: d.Layer, Source: d.Source, Digest: d.Digest,
				Bytes: d.Bytes, Tokens: d.Tokens, Priority: d.Priority})
		}
		for _, st := range bundle.Styles() {
			if st != bd.Style {
				prefix, _ := bd.RenderAs(st)
				v.Styles = append(v.Styles, site.StyledPrompt{Style: string(st), Text: prefix})
			}
		}
		if seed := b.Seeds[bd.ID]; seed != nil {
			v.SeedPrefix = seed.Prefix
		}
		out = append(out, v)
	}
	return out
}

// siteCheatsheet maps the task templates and library blocks of the loaded
// prompts/ folder onto the cheatsheet's view model: templates in name
// order, blocks by name with their per-style variants in style order.
func siteCheatsheet(p *Project, b *Baked) ([]*site.Template, []*site.Block) {
	if b == nil || b.Prompts == nil {
		return nil, nil
	}
	var ts []*site.Template
	for _, t := range b.templates() {
		ts = append(ts, &site.Template{Name: t.Name, Description: t.Description, ArgumentHint: t.ArgumentHint, Agent: t.Agent,
			Source: p.RelPath(t.Path), Body: t.Body, Path: TemplatePath(t.Name)})
	}
	var bs []*site.Block
	for _, name := range slices.Sorted(maps.Keys(b.Prompts.Library)) {
		lb := b.Prompts.Library[name]
		v := &site.Block{Name: name}
		if lb.Base != nil {
			v.Source, v.Body, v.Priority = p.RelPath(lb.Base.Path), lb.Base.T.Src, lb.Base.Priority
		}
		for _, r := range p.Config.Recipes {
			if slices.Contains(r.Blocks, name) {
				v.Recipes = append(v.Recipes, r.Name)
			}
		}
		for _, st := range bundle.Styles() {
			if f := lb.Variants[st]; f != nil {
				v.Variants = append(v.Variants, site.BlockVariant{Style: string(st), Source: p.RelPath(f.Path), Body: f.T.Src})
			}
		}
		bs = append(bs, v)
	}
	return ts, bs
}

// projectTheme is the default theme with the project's theme/ folder, if
// any, overriding it file by file.
func projectTheme(p *Project) fs.FS {
	dir := p.inProject(p.Config.Path(p.Config.Theme))
	if fi, err := p.FS.Stat(dir); dir == "" || err != nil || !fi.IsDir() {
		return theme.Default()
	}
	return theme.New(site.ThemeOverride(p.FS, dir))
}

// siteRules is the rule reference as the site shows it.
func siteRules() []site.Rule {
	var out []site.Rule
	for _, r := range lint.Rules() {
		out = append(out, site.Rule{ID: r.ID, Severity: r.Severity, Summary: r.Summary, Doc: r.Doc})
	}
	return out
}
