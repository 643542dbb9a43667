package cache

import (
	"fmt"
	"path"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/filekind"
)

// specialEntry says why the cache folder dir must not be read: an entry
// of it is neither a regular file nor a folder (a named pipe, which a
// read would wait on forever; a device such as /dev/zero, read until the
// memory runs out; a symbolic link, which could lead to either). lore
// writes only files and folders there. The folders (Folder) are their
// users' to check: the output spare, the one user, verifies every file of
// its folder before it uses one, and a folder of 33,000 files is not
// listed on every build. "" when every entry is a file or folder, or dir
// cannot be listed (Open reports that itself).
func specialEntry(fsys afero.Fs, dir string) string {
	entries, err := afero.ReadDir(fsys, dir)
	if err != nil {
		return ""
	}
	for _, e := range entries {
		if m := e.Mode(); !m.IsDir() && !m.IsRegular() {
			return fmt.Sprintf("%s is %s, not a file lore wrote: the build cache is kept in memory; remove it (lore clean)", path.Join(dir, e.Name()), filekind.Of(m))
		}
	}
	return ""
}
