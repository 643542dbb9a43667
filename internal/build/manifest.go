package build

import (
	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/schemas"
)

// ManifestSchema identifies the manifest format.
const ManifestSchema = "lore.manifest/v1"

// ManifestJSONSchema returns the JSON Schema (draft 2020-12) of
// manifest.json (schemas/manifest.json); the site publishes it as
// lore/manifest.schema.json and, with the other schemas, under schemas/.
func ManifestJSONSchema() []byte { return schemas.Read(schemas.Manifest) }

// Manifest is public/manifest.json: what a runtime loads to find every
// manual, bundle and the catalog.
type Manifest struct {
	Schema  string           `json:"schema"`
	Title   string           `json:"title"`
	BaseURL string           `json:"baseURL"`
	Manuals []ManifestManual `json:"manuals"`
	// Bundles lists every baked bundle (the fields of the bundle file
	// without prefix and tail, plus path).
	Bundles []bundle.Entry `json:"bundles"`
	// Templates lists the task templates, published under lore/templates/.
	Templates []ManifestTemplate `json:"templates"`
	Catalog   *CatalogInfo       `json:"catalog"`
	Lint      LintSummary        `json:"lint"`
	// Files lists every other file of the output with its SHA-256 and
	// size. lore build leaves it out (the catalog's index files are not
	// reproducible, and the manifest of a build is); lore sign adds it
	// over the files as published, then signs: what
	// bundle.VerifyManifest checks.
	Files []bundle.ManifestFile `json:"files,omitempty"`
}

// ManifestTemplate describes one task template.
type ManifestTemplate struct {
	Name         string   `json:"name"`
	Description  string   `json:"description"`
	ArgumentHint string   `json:"argumentHint"`
	Agent        string   `json:"agent"`
	Placeholders []string `json:"placeholders"`
	Path         string   `json:"path"`
	SHA256       string   `json:"sha256"`
}

// ManifestManual describes one manual.
type ManifestManual struct {
	Name          string   `json:"name"`
	Path          string   `json:"path"`
	URL           string   `json:"url"`
	Dialect       string   `json:"dialect"`
	Audience      string   `json:"audience"`
	Triggers      []string `json:"triggers"`
	Summary       string   `json:"summary"`
	RequiresTools []string `json:"requiresTools"`
	Lines         int      `json:"lines"`
	Bytes         int      `json:"bytes"`
	Tokens        int      `json:"tokens"`
	SHA256        string   `json:"sha256"`
	// Source is where the manual's text is published (lore/sources/ and
	// Path); empty for a manual outside the project.
	Source       string   `json:"source"`
	References   []string `json:"references"`
	ReferencedBy []string `json:"referencedBy"`
	Recipes      []string `json:"recipes"`
}

// LintSummary counts the findings of the build.
type LintSummary struct {
	Files    int `json:"files"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
}

func buildManifest(p *Project, res *Result, fs map[*manual.Manual]*facts) *Manifest {
	// Room for every manual at once: grown by append, 10,000 entries of
	// some 300 bytes were copied again and again (a tenth of the
	// manifest's CPU after an edit).
	mf := &Manifest{Schema: ManifestSchema, Title: p.Config.Title, BaseURL: p.Config.BaseURL,
		Manuals: make([]ManifestManual, 0, len(p.Manuals.Manuals)),
		Bundles: []bundle.Entry{}, Templates: []ManifestTemplate{}, Catalog: res.Catalog}
	if res.Baked != nil {
		for _, b := range res.Baked.Bundles {
			mf.Bundles = append(mf.Bundles, b.Entry(BundlePath(b.ID)))
		}
		for _, t := range res.Baked.templates() {
			mf.Templates = append(mf.Templates, ManifestTemplate{Name: t.Name, Description: t.Description, ArgumentHint: t.ArgumentHint,
				Agent: t.Agent, Placeholders: nonNil(t.Placeholders()), Path: TemplatePath(t.Name), SHA256: bundle.Digest(string(res.Baked.Prompts.Files[t.Path]))})
		}
	}
	d := res.Lint.Diagnostics
	mf.Lint = LintSummary{Files: res.Lint.Files, Errors: d.Count(diag.Error), Warnings: d.Count(diag.Warning), Infos: d.Count(diag.Info)}
	for _, m := range p.Manuals.Manuals {
		f := fs[m]
		mf.Manuals = append(mf.Manuals, ManifestManual{
			Name: m.Name, Path: p.RelPath(m.Path), URL: f.URL, Dialect: string(m.Dialect), Audience: m.Audience,
			Triggers: nonNil(m.Triggers), Summary: m.Summary, RequiresTools: nonNil(m.RequiresTools),
			Lines: m.Lines, Bytes: len(m.Src), Tokens: f.Tokens, SHA256: f.SHA256, Source: SourcePath(p.RelPath(m.Path)),
			References: nonNil(f.References), ReferencedBy: nonNil(f.ReferencedBy), Recipes: nonNil(f.Recipes),
		})
	}
	return mf
}

// writeManifest writes manifest.json and the JSON Schemas; entries (nil:
// none) keeps the manuals' entries between the builds of a session.
func writeManifest(p *Project, res *Result, fs map[*manual.Manual]*facts, out *output, entries *manifestEntries) error {
	if err := out.Write("lore/manifest.schema.json", cache.Key{}, ManifestJSONSchema()); err != nil {
		return err
	}
	for _, name := range schemas.Names() {
		if err := out.Write("schemas/"+name, cache.Key{}, schemas.Read(name)); err != nil {
			return err
		}
	}
	b, err := entries.marshal(buildManifest(p, res, fs))
	if err != nil {
		return err
	}
	return out.Write(bundle.ManifestFileName, cache.Key{}, b)
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
