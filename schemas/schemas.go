// Package schemas holds the JSON Schemas (draft 2020-12) of lore's files:
// lore.yaml, manifest.json, the bundle files, the lint report of
// `lore lint --format json`, the report of `lore hosts --format json` and
// the capability delta of `lore diff --format json`. Each has the $id
// https://lorekit.github.io/lore/schemas/NAME, where the site publishes
// it (`lore build` writes them into schemas/ of the output); a change
// that breaks readers gets a new name, never a new meaning for an old one.
package schemas

import (
	"embed"
	"io/fs"
)

//go:embed *.json
var files embed.FS

// The schema files, by name.
const (
	Config   = "lore.yaml.json"
	Manifest = "manifest.json"
	Bundle   = "bundle.json"
	Lint     = "lint.json"
	Hosts    = "hosts.json"
	Diff     = "diff.json"
)

// BaseURL is where the schemas are published: every $id is BaseURL+name.
const BaseURL = "https://lorekit.github.io/lore/schemas/"

// Names returns the names of every schema, sorted.
func Names() []string {
	out, _ := fs.Glob(files, "*.json")
	return out
}

// Read returns the schema called name, or nil when there is none.
func Read(name string) []byte {
	b, err := files.ReadFile(name)
	if err != nil {
		return nil
	}
	return b
}
