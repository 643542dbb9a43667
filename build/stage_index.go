package build

import "github.com/spf13/afero"

// CatalogInfo describes the built how_do_i catalog.
type CatalogInfo struct {
	Path         string `json:"path"`
	Documents    int    `json:"documents"`
	InputsSHA256 string `json:"inputsSha256"`
}

// index builds the how_do_i catalog under lore/catalog.bleve/ of out.
// (Filled in by the catalog work.)
func index(p *Project, out afero.Fs) (*CatalogInfo, error) { return nil, nil }
