package export

import (
	"path"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/hosts"
)

// Exported returns the files earlier exports wrote into dir, as paths on
// fsys, from every manifest there (.lore-export-HOST.json) of a host cfg
// knows: a manual root that holds an export must not read it back as
// manuals. Only a file shaped like an export of that host and still
// holding the content the manifest records counts: a forged manifest
// hides no manual.
func Exported(fsys afero.Fs, cfg *config.Config, dir string) map[string]bool {
	out := map[string]bool{}
	ms, _ := afero.Glob(fsys, path.Join(dir, ".lore-export-*.json"))
	for _, mf := range ms {
		host := path.Base(mf)
		host = host[len(".lore-export-") : len(host)-len(".json")]
		p, err := hosts.Lookup(cfg, host)
		if err != nil {
			continue
		}
		m := readManifest(fsys, dir, p)
		for f := range m.Files {
			if m.holds(fsys, dir, f) {
				out[path.Join(dir, f)] = true
			}
		}
	}
	return out
}
