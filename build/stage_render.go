package build

import (
	"io/fs"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/lint"
	"github.com/lorekit/lore/build/manual"
	"github.com/lorekit/lore/build/site"
	"github.com/lorekit/lore/build/tokens"
	"github.com/lorekit/lore/theme"
)

// render writes the site and manifest.json into out.
func render(p *Project, res *Result, out afero.Fs, counter *tokens.Counter) error {
	fs := manualFacts(p, counter)
	if err := site.Render(siteInput(p, res, fs), out); err != nil {
		return err
	}
	return writeManifest(p, res, fs, out)
}

// siteInput maps the project and the stages' results onto the site's
// view model.
func siteInput(p *Project, res *Result, fs map[*manual.Manual]*facts) *site.Input {
	cfg := p.Config
	in := &site.Input{
		Title: cfg.Title, BaseURL: cfg.BaseURL, EditURL: cfg.EditURL,
		Engines: cfg.Engines(), Diagnostics: res.Lint.Diagnostics, Files: res.Lint.Files, Rules: lint.Rules(),
		FS: p.FS, ContentDir: cfg.Path(cfg.Content), RelPath: p.RelPath,
		Theme:     projectTheme(p),
		Downloads: []string{"manifest.json"},
	}
	for _, name := range cfg.ToolNames {
		in.Tools = append(in.Tools, site.Tool{Name: name, Description: cfg.Tools[name]})
	}
	views := make(map[*manual.Manual]*site.Manual, len(p.Manuals.Manuals))
	for _, m := range p.Manuals.Manuals {
		f := fs[m]
		v := &site.Manual{M: m, Path: p.RelPath(m.Path), URL: f.URL, Tokens: f.Tokens, SHA256: f.SHA256,
			References: f.References, ReferencedBy: f.ReferencedBy, Recipes: f.Recipes}
		views[m] = v
		in.Manuals = append(in.Manuals, v)
	}
	for _, m := range p.Manuals.Manuals {
		for _, s := range fs[m].Shadows {
			views[m].Shadows = append(views[m].Shadows, site.Shadow{Recipe: s.Recipe, Other: views[s.Other]})
		}
		for _, s := range fs[m].ShadowedBy {
			views[m].ShadowedBy = append(views[m].ShadowedBy, site.Shadow{Recipe: s.Recipe, Other: views[s.Other]})
		}
	}
	in.Bundles = siteBundles(res.Baked)
	in.Templates, in.Blocks = siteCheatsheet(p, res.Baked)
	return in
}

// siteBundles maps the baked bundles onto the bundle pages' view model.
// (The bake stage fills Baked; map each bundle's fields, its layer
// descriptors, the seed-only prefix and the prefix in the other provider
// styles here.)
func siteBundles(b *Baked) []*site.Bundle { return nil }

// siteCheatsheet maps the task templates and library blocks onto the
// cheatsheet's view model. (Filled in with the bake stage's parsed
// prompts/templates and prompts/blocks.)
func siteCheatsheet(p *Project, b *Baked) ([]*site.Template, []*site.Block) { return nil, nil }

// projectTheme is the default theme with the project's theme/ folder, if
// any, overriding it file by file.
func projectTheme(p *Project) fs.FS {
	dir := p.Config.Path(p.Config.Theme)
	if fi, err := p.FS.Stat(dir); err != nil || !fi.IsDir() {
		return theme.Default()
	}
	return theme.New(afero.NewIOFS(afero.NewBasePathFs(p.FS, dir)))
}
