package build

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/precompress"
)

// output publishes a build into the output folder. The new output is
// always made whole in a folder beside it (.<name>.new-<pid>), which then
// takes the output's place in one step (swap): at every instant the output
// folder holds either the previous complete output or the new one. With a
// record of what the folder holds whose files are still on disk as they
// were written, a file whose key or bytes match the record is not made
// again: the previous output's file is hard-linked (or, where links are
// not possible, copied) into the new folder, unless the new folder, made
// from the output before last (output_spare.go), holds it already. An
// interrupted build leaves
// its folder behind; the next build into the same output removes it (see
// stale.go), and a lock on the output's parent folder keeps two builds from
// publishing into one output at once.
//
// A folder only the session writes (RunOptions.Private), whose record the
// session holds, is updated in place instead (output_inplace.go): the
// files made anew are written into the new folder and renamed over their
// old selves when the build commits, removed files are removed, and the
// unchanged ones are left where they are.
//
// Every file is offered with a key (what it was made from): a file whose
// key matches the record is neither made nor written again (Fresh); one
// whose bytes match the record is not written again (Write).
type output struct {
	fs    afero.Fs
	dir   string // the output folder
	stage string // the new output, beside dir
	prev  *record
	// unknown are files in the folder the record does not vouch for
	// (changed since, or never recorded); they are not carried over.
	// missing are recorded files that are gone, altered those still there
	// but not as recorded (unknown too).
	unknown, missing, altered []string
	unlock                    func() // releases the lock on the output
	// siblings says which files get compressed siblings (lore.yaml
	// precompress:).
	siblings precompress.Mode
	// removing is closed when the previous output is removed (commit).
	removing chan struct{}
	// inPlace: the folder is updated in place (output_inplace.go), the new
	// folder holds only the files written; publishing, when set, is held
	// while the commit renames and removes files in the folder.
	inPlace    bool
	publishing sync.Locker
	// spare is what the new folder holds when it was made from the
	// spare of the output (output_spare.go), spareUnknown the other files
	// in it; spares keeps the previous output as the next spare.
	spare        *record
	spareUnknown []string
	spares       *spareOf

	mu      sync.Mutex
	next    map[string]recEntry
	dirs    map[string]*dirOnce
	written int
	wrote   []string // paths written
	fresh   []string // paths written into the new folder by this build (settle)
	removed []string // paths the previous output had and this one has not
}

// changed lists the files written or removed, sorted.
func (o *output) changed() []string {
	out := slices.Concat(o.wrote, o.removed)
	slices.Sort(out)
	return slices.Compact(out)
}

// recEntry is one published file: the key it was made from, the SHA-256
// of its bytes, and its size and modification time when written (a file
// that differs in either is not trusted).
type recEntry struct {
	key   cache.Key
	sum   cache.Key
	size  int64
	mtime int64
}

// record lists the files of a published output folder.
type record struct {
	files map[string]recEntry
	paths []string // sorted
	// stamped is when the output was published (Unix nanoseconds; 0:
	// unknown). A file whose time is this close to it may have changed
	// again within the same tick of the file system's clock, keeping its
	// time and size: verify compares such files by their bytes (git's
	// "racy clean" rule).
	stamped int64
}

// racyOutput is how close to a record's time a file's time must be for
// its size and time not to be trusted (coarser than any file system's
// clock, including FAT's two seconds).
const racyOutput = 3 * time.Second

// recordAfter is newRecord(files) for the files of a build that removed
// none of prev's (prev's paths all in files): when it added none either,
// the paths are prev's, and 34,000 of them need no sorting (a session
// edit of the generated 10k corpus).
func recordAfter(prev *record, files map[string]recEntry, removed int) *record {
	if prev != nil && removed == 0 && len(files) == len(prev.paths) {
		return &record{files: files, paths: prev.paths}
	}
	return newRecord(files)
}

func newRecord(files map[string]recEntry) *record {
	r := &record{files: files}
	for p := range files {
		r.paths = append(r.paths, p)
	}
	slices.Sort(r.paths)
	return r
}

// openOutput prepares publishing into dir: it takes the output's lock,
// removes what interrupted builds left and creates the new folder. prev
// is the record of the last build published there (nil: none); it is
// checked against the folder. A trusted record is taken as it is: the
// folder is the caller's own, and is updated in place. lock is the
// output's lock when the caller holds it already (heldCheck).
func openOutput(fsys afero.Fs, dir string, prev *record, trusted bool, lock outputLock, pid int) (*output, error) {
	var n int
	if prev != nil {
		n = len(prev.files) // the new output holds about as many (34,000 at 10,000 manuals)
	}
	o := &output{fs: fsys, dir: path.Clean(dir), next: make(map[string]recEntry, n), dirs: map[string]*dirOnce{}, unlock: lock.unlock}
	if o.unlock == nil {
		if err := fsys.MkdirAll(path.Dir(o.dir), 0o755); err != nil {
			return nil, fmt.Errorf("cannot create the folder of the output %s: %w", o.dir, err)
		}
		unlock, err := lockOutput(fsys, o.dir)
		if err != nil {
			return nil, err
		}
		o.unlock = unlock
	}
	removeStale(fsys, o.dir)
	o.stage = stagePath(o.dir, pid)
	if err := fsys.RemoveAll(o.stage); err != nil {
		o.release()
		return nil, err
	}
	if err := fsys.MkdirAll(o.stage, 0o755); err != nil {
		o.release()
		return nil, fmt.Errorf("cannot create the output folder %s: %w", o.stage, err)
	}
	o.prev = newRecord(map[string]recEntry{})
	if fi, err := fsys.Stat(o.dir); err == nil && fi.IsDir() && prev != nil && len(prev.files) > 0 {
		if trusted {
			o.prev = &record{files: maps.Clone(prev.files), paths: slices.Clone(prev.paths)}
			o.inPlace = true
			return o, nil
		}
		if lock.held {
			o.prev = prev // what verify returns of a folder as recorded
			return o, nil
		}
		o.prev, o.unknown = verify(fsys, o.dir, prev)
		unknown := map[string]bool{}
		for _, p := range o.unknown {
			unknown[p] = true
		}
		for _, p := range prev.paths {
			if _, ok := o.prev.files[p]; !ok {
				if unknown[p] {
					o.altered = append(o.altered, p)
				} else {
					o.missing = append(o.missing, p)
				}
			}
		}
	}
	return o, nil
}

// outputLock is the output's lock taken before openOutput (unlock; nil:
// none) and whether the folder was found as recorded under it (held).
type outputLock struct {
	unlock func()
	held   bool
}

// Fresh reports whether the file at p holds what key stands for; if so it
// is carried over into the new output.
func (o *output) Fresh(p string, key cache.Key) bool {
	e, ok := o.prev.files[p]
	if !ok || e.key != key || key.IsZero() {
		return false
	}
	return o.carry(p, e) == nil
}

// FreshGroup is Fresh for every recorded file under dir: they were all
// written from key, and are all still there.
func (o *output) FreshGroup(dir string, key cache.Key) bool {
	if key.IsZero() {
		return false
	}
	prefix := strings.TrimSuffix(dir, "/") + "/"
	i := sort.SearchStrings(o.prev.paths, prefix)
	var group []string
	for ; i < len(o.prev.paths) && strings.HasPrefix(o.prev.paths[i], prefix); i++ {
		p := o.prev.paths[i]
		if precompress.IsSibling(p) {
			continue // carried with its file (precompress)
		}
		if o.prev.files[p].key != key {
			return false
		}
		group = append(group, p)
	}
	if len(group) == 0 || o.recordedBroken(prefix) {
		return false
	}
	for j, p := range group {
		if o.carry(p, o.prev.files[p]) != nil {
			// Not all there after all: the group is made anew.
			o.mu.Lock()
			for _, q := range group[:j] {
				delete(o.next, q)
				_ = o.fs.Remove(path.Join(o.stage, q))
			}
			o.mu.Unlock()
			return false
		}
	}
	return true
}

// recordedBroken reports whether a file the record has under prefix is
// missing or not as recorded. A file added under prefix since is not: it
// is not carried over (only recorded files are), so the new output has
// the group without it.
func (o *output) recordedBroken(prefix string) bool {
	for _, u := range slices.Concat(o.altered, o.missing) {
		if strings.HasPrefix(u, prefix) && !precompress.IsSibling(u) {
			return true
		}
	}
	return false
}

// carry puts the previous output's file at p, recorded as e, into the new
// output: a hard link where the file system has them (same file, same
// time), else a copy (recorded with the copy's time). Updated in place,
// the file stays where it is.
func (o *output) carry(p string, e recEntry) error {
	if o.inPlace {
		o.mu.Lock()
		o.next[p] = e
		o.mu.Unlock()
		return nil
	}
	if s, ok := o.spareFile(p); ok && s.sum == e.sum {
		// The new folder holds these bytes already: as the spare has them.
		e.size, e.mtime = s.size, s.mtime
		o.mu.Lock()
		o.next[p] = e
		o.mu.Unlock()
		return nil
	}
	if err := o.mkdir(path.Dir(p)); err != nil {
		return err
	}
	from, to := path.Join(o.dir, p), path.Join(o.stage, p)
	o.clear(to)
	if err := linkFile(o.fs, from, to); err != nil {
		b, rerr := afero.ReadFile(o.fs, from)
		if rerr != nil {
			return rerr
		}
		if cache.Key(sha256.Sum256(b)) != e.sum {
			return fmt.Errorf("%s changed", from)
		}
		fi, werr := o.writeFile(to, b)
		if werr != nil {
			return werr
		}
		e.size, e.mtime = fi.Size(), fi.ModTime().UnixNano()
	}
	o.mu.Lock()
	o.next[p] = e
	o.mu.Unlock()
	return nil
}

// Write writes the file at p, unless the previous output holds these
// bytes (it is then carried over).
func (o *output) Write(p string, key cache.Key, data []byte) error {
	return o.writeSum(p, key, data, cache.Key(sha256.Sum256(data)))
}

// writeSum is Write of data whose SHA-256 is s.
func (o *output) writeSum(p string, key cache.Key, data []byte, s cache.Key) error {
	if o.Keep(p, key, s) {
		return nil
	}
	if err := o.mkdir(path.Dir(p)); err != nil {
		return err
	}
	o.clear(path.Join(o.stage, p))
	fi, err := o.writeFile(path.Join(o.stage, p), data)
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", p, err)
	}
	o.mu.Lock()
	o.next[p] = recEntry{key: key, sum: s, size: fi.Size(), mtime: fi.ModTime().UnixNano()}
	o.written++
	o.wrote = append(o.wrote, p)
	o.fresh = append(o.fresh, p)
	o.mu.Unlock()
	return nil
}

// Keep keeps the file at p, recorded as made from key, when the previous
// output holds it with bytes whose SHA-256 is sum (it is carried over), or
// the new folder does as made from the spare (it counts as written), and
// reports whether it did.
func (o *output) Keep(p string, key, sum cache.Key) bool {
	if e, ok := o.prev.files[p]; ok && e.sum == sum {
		e.key = key
		if o.carry(p, e) == nil {
			return true
		}
	}
	if e, ok := o.spareFile(p); ok && e.sum == sum {
		// Not as published, but as the spare holds it: not written again.
		o.mu.Lock()
		o.next[p] = recEntry{key: key, sum: sum, size: e.size, mtime: e.mtime}
		o.written++
		o.wrote = append(o.wrote, p)
		o.mu.Unlock()
		return true
	}
	return false
}

// writeFile writes data into the file at target (replacing it) and
// returns what the file system says of it.
func (o *output) writeFile(target string, data []byte) (fs.FileInfo, error) {
	f, err := o.fs.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, err
	}
	_, err = f.Write(data)
	var fi fs.FileInfo
	if err == nil {
		fi, err = f.Stat()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return fi, err
}

// mkdir creates the folder d (relative to the output) in the new output
// once; writers of other files in d wait until it exists.
func (o *output) mkdir(d string) error {
	o.mu.Lock()
	m, ok := o.dirs[d]
	if !ok {
		m = &dirOnce{}
		o.dirs[d] = m
	}
	o.mu.Unlock()
	m.once.Do(func() {
		if err := o.makeDir(d); err != nil {
			m.err = fmt.Errorf("cannot create %s: %w", d, err)
		}
	})
	return m.err
}

type dirOnce struct {
	once sync.Once
	err  error
}

// commit publishes the build (the new folder takes the output's place)
// and returns its record. The previous output is kept as the next build's
// spare (output_spare.go) or, where it cannot be, removed meanwhile, on
// another goroutine, and the output's lock is held until it is gone: call
// done before the build returns.
func (o *output) commit() (*record, error) {
	if o.inPlace {
		return o.commitInPlace()
	}
	err := o.precompress()
	if err == nil {
		err = o.dropLeftovers()
	}
	if err == nil {
		o.settle(time.Now())
	}
	if err != nil {
		_ = o.fs.RemoveAll(o.stage)
		o.release()
		return nil, err
	}
	for _, p := range slices.Concat(o.prev.paths, o.unknown) {
		if _, ok := o.next[p]; !ok {
			o.removed = append(o.removed, p)
		}
	}
	old, err := swapIn(o.fs, o.stage, o.dir)
	if err != nil {
		_ = o.fs.RemoveAll(o.stage)
		o.release()
		return nil, err
	}
	r := recordAfter(o.prev, o.next, len(o.removed))
	r.stamped = time.Now().UnixNano()
	if old != "" && o.spares != nil && len(o.prev.files) > 0 && o.spares.park(old, o.prev) {
		old = "" // kept for the next build (output_spare.go)
	}
	o.removing = make(chan struct{})
	go func() {
		defer close(o.removing)
		if old != "" {
			_ = o.fs.RemoveAll(old) // what is left, the next build removes
		}
		o.release()
	}()
	return r, nil
}

// done waits until the previous output is removed and the output's lock
// released (after commit).
func (o *output) done() {
	if o.removing != nil {
		<-o.removing
	}
}

// abort removes what the build wrote; the output stays as it was.
func (o *output) abort() {
	if !o.parkStage() {
		_ = o.fs.RemoveAll(o.stage)
	}
	o.release()
}

// release lets go of the output's lock (once).
func (o *output) release() {
	if o.unlock != nil {
		o.unlock()
		o.unlock = nil
	}
}

// encode writes the record as a cache value (recList.encode).
func (r *record) encode() []byte { return r.list().encode() }

// decodeRecord reads what encode wrote.
func decodeRecord(b []byte) (*record, bool) {
	l, ok := decodeRecList(b)
	if !ok {
		return nil, false
	}
	return l.record(), true
}
