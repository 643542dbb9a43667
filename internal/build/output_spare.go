package build

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
)

// The previous output is kept as a spare for the next build's new folder.
// A build makes its new output whole beside the output and swaps it in;
// made from scratch, that folder needs a hard link for every unchanged
// file (33,000 at 10,000 manuals), and the previous output, swapped out,
// a removal for every file: more than a second of a one-edit build, for
// a few hundred changed files. Instead the swapped-out output is moved
// into the build cache's folder (a spare, with the record of what it
// holds), and the next build into the same output renames it into place
// as its new folder and updates it there: a file that the spare holds
// with the new bytes stays, any other file of the spare is replaced
// (unlinked first: the spare's files are hard links to the published
// ones, which must not change) or removed, and only what changed since
// the output before last is linked or written. The swap is the same
// rename, so the output is at every instant the previous or the new
// complete one; a build killed while it updates the spare leaves the
// usual new folder behind, which the next build removes (output_stale.go).
//
// The spare is checked before it is used, as the output is (verify): a
// file that is not as the record says is unknown, replaced or removed.
// A spare the cache does not name (a build killed between parking one and
// saving the cache) is removed.

// sparesTable holds, per output folder, the name of its spare in the
// cache's folder and the record of what the spare holds.
const sparesTable = "spares"

func spareKey(out string) cache.Key { return cache.NewHasher("spare").String(absPath(out)).Sum() }

// spareStem starts the name of every spare of the output out.
func spareStem(out string) string {
	k := spareKey(out)
	return "output-" + hex.EncodeToString(k[:8]) + "-"
}

// spareOf is the spare of one output folder kept in the cache c, which
// is on the file system fsys.
type spareOf struct {
	c    *cache.Cache
	fs   afero.Fs
	out  string
	home string // the cache's folder
}

// newSpares returns the spare keeping of the output out, or nil when the
// cache cannot keep one (no cache, or one kept in memory).
func newSpares(c *cache.Cache, fsys afero.Fs, out string) *spareOf {
	if c == nil {
		return nil
	}
	home, ok := c.Folder()
	if !ok {
		return nil
	}
	return &spareOf{c: c, fs: fsys, out: out, home: home}
}

// take returns the folder of the output's spare and the record of what
// it holds, and forgets it (the caller moves it away); it removes every
// other spare of the output (left by a killed build). ok is false when
// there is none.
func (s *spareOf) take() (dir string, rec *record, ok bool) {
	stem := spareStem(s.out)
	raw, found := s.c.Table(sparesTable).Get(spareKey(s.out))
	var name string
	if found {
		name, rec, found = decodeSpare(raw)
	}
	entries, err := afero.ReadDir(s.fs, s.home)
	if err != nil {
		return "", nil, false
	}
	for _, e := range entries {
		n := e.Name()
		if !strings.HasPrefix(n, stem) || !strings.HasSuffix(n, cache.FolderSuffix) {
			continue
		}
		if found && n == name && e.IsDir() {
			ok = true
			continue
		}
		_ = s.fs.RemoveAll(path.Join(s.home, n))
	}
	if found {
		s.c.Table(sparesTable).Put(spareKey(s.out), nil) // taken
	}
	if !ok {
		return "", nil, false
	}
	return path.Join(s.home, name), rec, true
}

// park moves the folder old, which holds the files of rec, into the
// cache as the output's spare. It reports whether it did (a cache on
// another file system cannot take it: the caller removes old).
func (s *spareOf) park(old string, rec *record) bool {
	name := spareStem(s.out) + strconv.FormatInt(time.Now().UnixNano(), 16) + cache.FolderSuffix
	if err := s.fs.Rename(old, path.Join(s.home, name)); err != nil {
		return false
	}
	s.c.Table(sparesTable).Put(spareKey(s.out), encodeSpare(name, rec))
	return true
}

func encodeSpare(name string, rec *record) []byte {
	b := binary.AppendUvarint(nil, uint64(len(name)))
	return append(append(b, name...), rec.encode()...)
}

func decodeSpare(b []byte) (string, *record, bool) {
	n, w := binary.Uvarint(b)
	if w <= 0 || n == 0 || n > uint64(len(b)-w) {
		return "", nil, false
	}
	name := string(b[w : w+int(n)])
	rec, ok := decodeRecord(b[w+int(n):])
	return name, rec, ok
}

// reuseSpare makes the spare at dir, recorded as rec, the new folder of
// o (which must be empty): what it holds as recorded is o.spare, every
// other file in it o.spareUnknown. On failure the new folder stays empty.
func (o *output) reuseSpare(dir string, rec *record) {
	if err := o.fs.Remove(o.stage); err != nil {
		return
	}
	if err := o.fs.Rename(dir, o.stage); err != nil {
		_ = o.fs.MkdirAll(o.stage, 0o755)
		return
	}
	o.spare, o.spareUnknown = verify(o.fs, o.stage, rec)
}

// spareFile returns the spare's entry of p, when the new folder holds the
// spare's file there.
func (o *output) spareFile(p string) (recEntry, bool) {
	if o.spare == nil {
		return recEntry{}, false
	}
	e, ok := o.spare.files[p]
	return e, ok
}

// clear makes room for a new file at target in a new folder made from a
// spare: whatever is there is removed, never written into (it may be a
// hard link to a published file).
func (o *output) clear(target string) {
	if o.spare == nil {
		return
	}
	if err := o.fs.Remove(target); err != nil && !errors.Is(err, fs.ErrNotExist) {
		_ = o.fs.RemoveAll(target) // a folder where a file belongs
	}
}

// makeDir creates the folder d of the new folder; one made from a spare
// may hold a file where a folder of d belongs, which is removed.
func (o *output) makeDir(d string) error {
	full := path.Join(o.stage, d)
	err := o.fs.MkdirAll(full, 0o755)
	if err == nil || o.spare == nil {
		return err
	}
	for a := d; a != "." && a != "/" && a != ""; a = path.Dir(a) {
		if fi, err := lstat(o.fs, path.Join(o.stage, a)); err == nil && !fi.IsDir() {
			_ = o.fs.Remove(path.Join(o.stage, a))
		}
	}
	return o.fs.MkdirAll(full, 0o755)
}

// dropLeftovers removes from a new folder made from a spare the files
// the new output does not have, and the folders that leaves empty.
func (o *output) dropLeftovers() error {
	if o.spare == nil {
		return nil
	}
	var gone []string
	for _, p := range slices.Concat(o.spare.paths, o.spareUnknown) {
		if _, ok := o.next[p]; ok {
			continue
		}
		if err := o.fs.Remove(path.Join(o.stage, p)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		gone = append(gone, p)
	}
	pruneDirs(o.fs, o.stage, gone)
	return nil
}

// useSpares keeps the previous output as the next build's spare and, when
// there is one, makes the new folder from the output's spare (sp nil: no
// spares). A folder updated in place has no use for them.
func (o *output) useSpares(sp *spareOf) {
	if sp == nil || o.inPlace {
		return
	}
	o.spares = sp
	if dir, rec, ok := sp.take(); ok {
		o.reuseSpare(dir, rec)
	}
}

// parkStage keeps the new folder of a build that does not publish as the
// output's spare: what it holds is what the build put there, and what it
// kept of the spare it was made from. It reports whether it did.
func (o *output) parkStage() bool {
	if o.spares == nil || o.inPlace {
		return false
	}
	files := map[string]recEntry{}
	if o.spare != nil {
		maps.Copy(files, o.spare.files)
	}
	o.mu.Lock()
	maps.Copy(files, o.next)
	o.mu.Unlock()
	if len(files) == 0 {
		return false
	}
	r := newRecord(files)
	r.stamped = time.Now().UnixNano()
	return o.spares.park(o.stage, r)
}
