package build

import (
	"io/fs"
	"path"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
)

// Vouched reports whether each of paths (relative to the output folder
// out; a folder stands for every file under it) holds what this machine's
// last build of out wrote there: the build record, kept in the build cache
// that only lore on this machine writes (cache.Open), lists every file
// with the size and time it was written with, and no other file is there.
// What a reader otherwise knows of an output folder is what its own files
// say — a catalog's meta.json names the inputs it was built from — and
// whoever can commit the folder writes those.
func Vouched(p *Project, out string, paths ...string) bool {
	return vouchedBy(cache.Open(p.FS, p.Config.Path(CacheDir), buildIdentity(), ""), p, out, paths...)
}

// vouchedBy is Vouched with the build cache c.
func vouchedBy(c *cache.Cache, p *Project, out string, paths ...string) bool {
	raw, ok := c.Table(recordsTable).Get(recordKey(out))
	if !ok {
		return false
	}
	rec, ok := decodeRecord(raw)
	if !ok {
		return false
	}
	for _, want := range paths {
		seen := 0
		err := afero.Walk(p.FS, path.Join(out, want), func(f string, fi fs.FileInfo, err error) error {
			if err != nil || fi.IsDir() {
				return err
			}
			rel := strings.TrimPrefix(path.Clean(f), path.Clean(out)+"/")
			e, found := rec.files[rel]
			if !found || !rec.same(e, fi.Size(), fi.ModTime().UnixNano(), func() ([]byte, error) { return afero.ReadFile(p.FS, f) }) {
				return fs.ErrInvalid
			}
			seen++
			return nil
		})
		if err != nil || seen == 0 || seen != rec.under(want) {
			return false
		}
	}
	return true
}

// under counts the files of r at p or under the folder p.
func (r *record) under(p string) int {
	n := 0
	for _, f := range r.paths {
		if f == p || strings.HasPrefix(f, p+"/") {
			n++
		}
	}
	return n
}

// howdoiCatalogsTable holds the stamps (folderStamp) of the catalogs lore
// howdoi built into an output folder (ProjectCatalog): no build record
// lists them.
const howdoiCatalogsTable = "howdoi-catalogs"

// folderStamp is the key of the names, sizes and times of the files
// under dir; ok is false when dir cannot be read.
func folderStamp(fsys afero.Fs, dir string) (k cache.Key, ok bool) {
	h := cache.NewHasher("folder")
	err := afero.Walk(fsys, dir, func(f string, fi fs.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			h.String(f).Int(int(fi.Size())).Int(int(fi.ModTime().UnixNano()))
		}
		return err
	})
	return h.Sum(), err == nil
}
