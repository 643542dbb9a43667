package build

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/precompress"
)

// A published catalog is copied (or updated) by the files its record
// lists, never by walking its folder: a file added to the folder since it
// was published is no file of the catalog, and a build from scratch would
// not publish it.

// recordedCatalog returns the files of the catalog in the published folder
// dir (their paths inside the output folder) as the record of dir has them,
// and ok when there is such a record and every one of them is there as
// recorded. The output's own folder is checked by openOutput (o.prev);
// another folder by its record in the cache.
func (b *buildRun) recordedCatalog(o *output, dir string) (files []recEntryAt, ok bool) {
	rec := o.prev
	own := path.Clean(dir) == o.dir
	if own {
		if o.recordedBroken(CatalogDir + "/") {
			return nil, false
		}
	} else if rec, _ = b.s.record(b.cache, dir); rec == nil {
		return nil, false
	}
	prefix := CatalogDir + "/"
	for i := sort.SearchStrings(rec.paths, prefix); i < len(rec.paths) && strings.HasPrefix(rec.paths[i], prefix); i++ {
		p := rec.paths[i]
		if precompress.IsSibling(p) {
			continue
		}
		e := rec.files[p]
		if !own && !asRecorded(b.p.FS, path.Join(dir, p), rec, e) {
			return nil, false
		}
		files = append(files, recEntryAt{path: p, entry: e})
	}
	return files, len(files) > 0
}

// recEntryAt is a recorded file with its path in the output folder.
type recEntryAt struct {
	path  string
	entry recEntry
}

// asRecorded reports whether the file name of fsys is the regular file rec
// records as e.
func asRecorded(fsys afero.Fs, name string, rec *record, e recEntry) bool {
	fi, err := lstat(fsys, name)
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	return rec.same(e, fi.Size(), fi.ModTime().UnixNano(), func() ([]byte, error) { return afero.ReadFile(fsys, name) })
}

// copyRecorded writes the recorded files of the published folder dir into
// o, made from key; a file whose bytes are not those recorded fails it (it
// changed during the build).
func copyRecorded(from afero.Fs, dir string, files []recEntryAt, o *output, key cache.Key) error {
	for _, f := range files {
		b, err := afero.ReadFile(from, path.Join(dir, f.path))
		if err != nil {
			return err
		}
		if cache.Key(sha256.Sum256(b)) != f.entry.sum {
			return fmt.Errorf("%s changed during the build: run lore build again once nothing else writes to the output", path.Join(dir, f.path))
		}
		if err := o.Write(f.path, key, b); err != nil {
			return err
		}
	}
	return nil
}

// resumeRecorded copies the recorded files of a published catalog (files,
// in the folder from, found as recorded by recordedCatalog) into the OS
// folder dir, the catalog folder of a writer's copy.
func resumeRecorded(fsys afero.Fs, from string, files []recEntryAt, dir string) error {
	for _, f := range files {
		target := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(f.path, CatalogDir+"/")))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		if err := copyToOS(fsys, path.Join(from, f.path), target); err != nil {
			return err
		}
	}
	return nil
}
