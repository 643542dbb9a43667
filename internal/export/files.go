package export

import (
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/hosts"
	"github.com/lorekit/lore/internal/manual"
)

// skipNames are never copied out of a skill folder.
var skipNames = []string{".git", "node_modules", ".DS_Store"}

// skillFiles returns every regular file of the skill folder of m but
// SKILL.md itself, in path order. Symbolic links are not followed.
func skillFiles(in hosts.Input, m *manual.Manual) []string {
	root := path.Dir(m.Path)
	var out []string
	_ = afero.Walk(in.FS, root, func(p string, fi fs.FileInfo, err error) error {
		if err != nil {
			return nil
		}
		name := path.Base(p)
		if fi.IsDir() {
			if p != root && slices.Contains(skipNames, name) {
				return fs.SkipDir
			}
			return nil
		}
		if !fi.Mode().IsRegular() || p == m.Path || slices.Contains(skipNames, name) || strings.HasPrefix(name, ".lore-export-") {
			return nil
		}
		out = append(out, p)
		return nil
	})
	slices.Sort(out)
	return out
}
