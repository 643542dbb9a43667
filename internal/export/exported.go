package export

import (
	"path"

	"github.com/spf13/afero"
)

// Exported returns the files earlier exports wrote into dir, as paths on
// fsys, from every manifest there (.lore-export-HOST.json): a manual root
// that holds an export must not read it back as manuals.
func Exported(fsys afero.Fs, dir string) map[string]bool {
	out := map[string]bool{}
	ms, _ := afero.Glob(fsys, path.Join(dir, ".lore-export-*.json"))
	for _, mf := range ms {
		host := path.Base(mf)
		host = host[len(".lore-export-") : len(host)-len(".json")]
		for f := range readManifest(fsys, dir, host).Files {
			out[path.Join(dir, f)] = true
		}
	}
	return out
}
