package manual

import (
	"os"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/wall"
)

// SkillFiles lists the files of the Agent Skills folder of entry (a
// SKILL.md): every regular file below its folder, SKILL.md included, as
// slash paths in path order. It reads what the loader may read: folders it
// never scans (.git, node_modules, …) are skipped, and a symbolic link is
// followed only to a file that stays inside the manual root
// (internal/wall), never into a folder. skip, when set, leaves out the
// folders it reports true for. At most limit+1 paths are returned, so a
// caller with a limit learns that the folder holds more.
func SkillFiles(fsys afero.Fs, entry *Manual, skip func(dir string) bool, limit int) []string {
	wl := wall.New(fsys, entry.Root)
	var out []string
	var rec func(dir string, depth int)
	rec = func(dir string, depth int) {
		if depth > maxDepth || len(out) > limit {
			return
		}
		entries, err := afero.ReadDir(fsys, dir)
		if err != nil {
			return
		}
		for _, e := range entries {
			if len(out) > limit {
				return
			}
			p := joinSlash(dir, e.Name())
			if e.Mode()&os.ModeSymlink != 0 {
				if esc, err := wl.Check(p); err != nil || esc != nil {
					continue
				}
				fi, err := fsys.Stat(p)
				if err != nil || fi.IsDir() {
					continue
				}
				e = fi
			}
			switch {
			case e.IsDir():
				if !SkippedDir(e.Name()) && (skip == nil || !skip(p)) {
					rec(p, depth+1)
				}
			case e.Mode().IsRegular():
				out = append(out, p)
			}
		}
	}
	rec(entry.Dir(), 0)
	return out
}
