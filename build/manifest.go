package build

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/build/diag"
	"github.com/lorekit/lore/build/manual"
	"github.com/lorekit/lore/build/tokens"
)

// ManifestSchema identifies the manifest format.
const ManifestSchema = "lore.manifest/v1"

// Manifest is public/manifest.json: what a runtime loads to find every
// manual, bundle and the catalog.
type Manifest struct {
	Schema  string           `json:"schema"`
	Title   string           `json:"title"`
	Manuals []ManifestManual `json:"manuals"`
	Bundles []bundle.Entry   `json:"bundles"`
	Catalog *CatalogInfo     `json:"catalog"`
	Lint    LintSummary      `json:"lint"`
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
	References    []string `json:"references"`
	ReferencedBy  []string `json:"referencedBy"`
	Recipes       []string `json:"recipes"`
}

// LintSummary counts the findings of the build.
type LintSummary struct {
	Files    int `json:"files"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
}

// ManualURL is the site path of a manual's page.
func ManualURL(m *manual.Manual) string { return "manuals/" + m.Name + "/" }

func buildManifest(p *Project, res *Result, counter *tokens.Counter) *Manifest {
	mf := &Manifest{Schema: ManifestSchema, Title: p.Config.Title, Manuals: []ManifestManual{}, Bundles: []bundle.Entry{}, Catalog: res.Catalog}
	if res.Baked != nil {
		for _, b := range res.Baked.Bundles {
			mf.Bundles = append(mf.Bundles, b.Entry(BundlePath(b.ID)))
		}
	}
	d := res.Lint.Diagnostics
	mf.Lint = LintSummary{Files: res.Lint.Files, Errors: d.Count(diag.Error), Warnings: d.Count(diag.Warning), Infos: d.Count(diag.Info)}
	refBy := map[string][]string{}
	for _, m := range p.Manuals.Manuals {
		for _, r := range m.Refs {
			if r.Kind == manual.RefManual && !slices.Contains(refBy[r.Target], m.Name) {
				refBy[r.Target] = append(refBy[r.Target], m.Name)
			}
		}
	}
	recipes := map[*manual.Manual][]string{}
	for _, r := range p.Config.Recipes {
		for _, m := range p.Cascade(r.ManualPaths).Winners() {
			recipes[m] = append(recipes[m], r.Name)
		}
	}
	for _, m := range p.Manuals.Manuals {
		sum := sha256.Sum256(m.Src)
		var refs []string
		for _, r := range m.Refs {
			if r.Kind == manual.RefManual && !slices.Contains(refs, r.Target) {
				refs = append(refs, r.Target)
			}
		}
		by := refBy[m.Name]
		slices.Sort(by)
		mf.Manuals = append(mf.Manuals, ManifestManual{
			Name: m.Name, Path: p.RelPath(m.Path), URL: ManualURL(m), Dialect: string(m.Dialect), Audience: m.Audience,
			Triggers: nonNil(m.Triggers), Summary: m.Summary, RequiresTools: nonNil(m.RequiresTools),
			Lines: m.Lines, Bytes: len(m.Src), Tokens: counter.MustCount(string(m.Src)), SHA256: hex.EncodeToString(sum[:]),
			References: nonNil(refs), ReferencedBy: nonNil(by), Recipes: nonNil(recipes[m]),
		})
	}
	return mf
}

func writeManifest(p *Project, res *Result, out afero.Fs, counter *tokens.Counter) error {
	b, err := json.MarshalIndent(buildManifest(p, res, counter), "", "  ")
	if err != nil {
		return err
	}
	return afero.WriteFile(out, "manifest.json", append(b, '\n'), 0o644)
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
