package build

import (
	"crypto/sha256"
	"io/fs"
	"iter"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
)

// verify checks the output folder dir against prev, the record of the
// build that published it: the record it returns keeps the files that are
// on disk with the size and time they were written with (and, when that
// time is too close to the record's to tell an edit in the same clock
// tick, the bytes); every other file is unknown (sorted). On the OS file
// system the folders are read and the files' stamps taken on every core
// (verifyOS); elsewhere the folder is walked.
func verify(fsys afero.Fs, dir string, prev *record) (*record, []string) {
	return verifyUntil(fsys, dir, prev, nil)
}

// verifyUntil is verify that gives up early, with a partial answer, once
// stop (when not nil) is set: the caller has no use for the answer then.
func verifyUntil(fsys afero.Fs, dir string, prev *record, stop *atomic.Bool) (*record, []string) {
	if osFS(fsys) {
		if r, unknown, ok := verifyOS(dir, prev, stop); ok {
			return r, unknown
		}
	}
	return verifyWalk(fsys, dir, prev)
}

// verifyWalk is verify by afero.Walk (any file system).
func verifyWalk(fsys afero.Fs, dir string, prev *record) (*record, []string) {
	ok := map[string]recEntry{}
	var unknown []string
	_ = afero.Walk(fsys, dir, func(p string, fi fs.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return nil
		}
		rel := strings.TrimPrefix(filepath.ToSlash(p), dir+"/")
		e, found := prev.files[rel]
		if found && prev.same(e, fi.Size(), fi.ModTime().UnixNano(), func() ([]byte, error) { return afero.ReadFile(fsys, p) }) {
			ok[rel] = e
		} else {
			unknown = append(unknown, rel)
		}
		return nil
	})
	slices.Sort(unknown)
	return newRecord(ok), unknown
}

// same reports whether a file of the size and modification time (Unix
// nanoseconds) given is as e, its entry in the record, has it; read
// returns its bytes, for a file whose time is too close to the record's to
// be trusted.
func (r *record) same(e recEntry, size, mtime int64, read func() ([]byte, error)) bool {
	return sameAs(e, r.stamped, size, mtime, read)
}

// sameAs is record.same of a record stamped at stamped.
func sameAs(e recEntry, stamped, size, mtime int64, read func() ([]byte, error)) bool {
	if e.size != size || e.mtime != mtime {
		return false
	}
	if e.mtime >= stamped-int64(racyOutput) {
		b, err := read()
		return err == nil && cache.Key(sha256.Sum256(b)) == e.sum
	}
	return true
}

// racy reports whether a file of the record has a time too close to the
// record's own to be trusted (verify compares it by its bytes).
func (r *record) racy() bool { return anyRacy(maps.Values(r.files), r.stamped) }

// anyRacy reports whether any of entries has a time within racyOutput of
// stamped, the time a record was stamped.
func anyRacy(entries iter.Seq[recEntry], stamped int64) bool {
	for e := range entries {
		if e.mtime >= stamped-int64(racyOutput) {
			return true
		}
	}
	return false
}

// restamped returns the record with the time at (Unix nanoseconds), to be
// used once every file of it was found as recorded by a verify that began
// at that time: a file changed since has a time after it.
func (r *record) restamped(at int64) *record {
	return &record{files: r.files, paths: r.paths, stamped: at}
}
