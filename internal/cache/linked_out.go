package cache

import (
	"fmt"
	"path"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/wall"
)

// linkedOut says why the cache folder dir must not be used: it is a
// symbolic link, or lies in one, that leads out of the folder that holds
// it (the project folder, for .lore-cache/). A project is a contributor's
// to edit, and a committed link .lore-cache -> /home/ci/.ssh would have
// lore write, and empty, a folder of the machine that builds it. "" when
// dir stays inside (or does not exist yet).
func linkedOut(fsys afero.Fs, dir string) string {
	e, err := wall.Check(fsys, path.Dir(dir), dir)
	if err != nil {
		return fmt.Sprintf("%s cannot be resolved (%v): the build cache is kept in memory; remove %s (lore clean) and lore creates it anew", dir, err, dir)
	}
	if e == nil || e.Link == "" {
		return ""
	}
	return fmt.Sprintf("%s is a symbolic link to %s, outside the project (%s points to %s): lore writes nothing through it and keeps the build cache in memory; "+
		"remove the link (lore clean) and lore creates the folder anew", dir, e.Resolved, e.Link, e.Target)
}
