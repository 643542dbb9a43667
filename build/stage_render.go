package build

import (
	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/tokens"
)

// render writes the site and manifest.json into out. (Filled in by the site
// work.)
func render(p *Project, res *Result, out afero.Fs, counter *tokens.Counter) error {
	return writeManifest(p, res, out, counter)
}
