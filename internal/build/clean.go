package build

import (
	"path"
	"path/filepath"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
)

// CachePath returns the build cache folder of the project o selects:
// .lore-cache/ beside the project file. The project file is not read, so
// that a broken one does not keep the cache.
func CachePath(o Options) string {
	dir := filepath.ToSlash(o.Dir)
	if o.ConfigFile != "" {
		dir = path.Dir(filepath.ToSlash(o.ConfigFile))
	}
	if dir == "" {
		dir = "."
	}
	return path.Join(dir, CacheDir)
}

// Clean removes the build cache of the project o selects (lore clean). It
// reports whether there was one; a folder of that name that is not a lore
// cache is left alone and is an error.
func Clean(o Options) (removed bool, dir string, err error) {
	if o.FS == nil {
		o.FS = afero.NewOsFs()
	}
	dir = CachePath(o)
	removed, err = cache.Remove(o.FS, dir)
	return removed, dir, err
}
