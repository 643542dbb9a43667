package export

import (
	"math"
	"path"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/manual"
)

// skillFiles returns the files of the skill folder of m that are copied
// beside its export: what the loader reads there (manual.SkillFiles) but
// SKILL.md itself, macOS's .DS_Store and an earlier export's manifest.
func skillFiles(fsys afero.Fs, m *manual.Manual) []string {
	var out []string
	for _, f := range manual.SkillFiles(fsys, m, nil, math.MaxInt) {
		if name := path.Base(f); f != m.Path && name != ".DS_Store" && !strings.HasPrefix(name, ".lore-export-") {
			out = append(out, f)
		}
	}
	return out
}
