package cache

import (
	"fmt"
	"path"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/filekind"
)

// specialEntry says why the cache folder dir must not be read: an entry
// of it, or of one of its folders, is neither a regular file nor a folder
// (a named pipe, which a read would wait on forever; a device such as
// /dev/zero, read until the memory runs out; a symbolic link, which
// could lead to either). lore writes only files and folders there. ""
// when every entry is one of those, or dir cannot be listed (Open reports
// that itself).
func specialEntry(fsys afero.Fs, dir string) string {
	entries, err := afero.ReadDir(fsys, dir)
	if err != nil {
		return ""
	}
	for _, e := range entries {
		p := path.Join(dir, e.Name())
		switch m := e.Mode(); {
		case m.IsDir():
			if why := specialEntry(fsys, p); why != "" {
				return why
			}
		case !m.IsRegular():
			return fmt.Sprintf("%s is %s, not a file lore wrote: the build cache is kept in memory; remove it (lore clean)", p, filekind.Of(m))
		}
	}
	return ""
}
