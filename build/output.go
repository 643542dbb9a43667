package build

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/cache"
)

// output publishes a build into the output folder. Without a record of
// what the folder holds, everything is written into a fresh folder beside
// it, which then replaces it (a failed build leaves the old one as it
// was). With a record whose files are still on disk as they were written,
// only the files that changed are written (each beside its place, then
// renamed over it once every file is ready), and the files the build no
// longer makes are removed: an unchanged build writes nothing.
//
// Every file is offered with a key (what it was made from): a file whose
// key matches the record is neither made nor written again (Fresh); one
// whose bytes match the record is not written again (Write).
type output struct {
	fs    afero.Fs
	dir   string // the output folder
	stage string // the fresh folder, or "" when updating in place
	prev  *record
	// unknown are files in the folder the record does not vouch for
	// (changed since, or never recorded); in place they are removed
	// unless this build writes them. missing are recorded files that are
	// gone.
	unknown, missing []string

	mu      sync.Mutex
	next    map[string]recEntry
	dirs    map[string]*dirOnce
	temps   map[string]string // final path → written temporary file (in place)
	written int
	wrote   []string // paths written
	removed []string // paths removed (in place)
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
}

func newRecord(files map[string]recEntry) *record {
	r := &record{files: files}
	for p := range files {
		r.paths = append(r.paths, p)
	}
	slices.Sort(r.paths)
	return r
}

// tempSuffix marks files written beside their place during an update in
// place.
const tempSuffix = ".lore-tmp"

// openOutput prepares publishing into dir. prev is the record of the last
// build published there (nil: none); it is checked against the folder.
// A trusted record is taken as it is: the folder is the caller's own.
func openOutput(fsys afero.Fs, dir string, prev *record, trusted bool, pid int) (*output, error) {
	o := &output{fs: fsys, dir: path.Clean(dir), next: map[string]recEntry{}, dirs: map[string]*dirOnce{}, temps: map[string]string{}}
	if fi, err := fsys.Stat(o.dir); err == nil && fi.IsDir() && prev != nil && len(prev.files) > 0 {
		if trusted {
			o.prev = newRecord(maps.Clone(prev.files))
			return o, nil
		}
		o.prev, o.unknown = verify(fsys, o.dir, prev)
		unknown := map[string]bool{}
		for _, p := range o.unknown {
			unknown[p] = true
		}
		for _, p := range prev.paths {
			if _, ok := o.prev.files[p]; !ok && !unknown[p] {
				o.missing = append(o.missing, p)
			}
		}
		return o, nil
	}
	o.stage = fmt.Sprintf("%s.tmp-%d", o.dir, pid)
	if err := fsys.RemoveAll(o.stage); err != nil {
		return nil, err
	}
	if err := fsys.MkdirAll(o.stage, 0o755); err != nil {
		return nil, fmt.Errorf("cannot create the output folder %s: %w", o.stage, err)
	}
	o.prev = newRecord(map[string]recEntry{})
	return o, nil
}

// verify walks the output folder: the record keeps the files that are on
// disk with the size and time they were written with; every other file is
// unknown.
func verify(fsys afero.Fs, dir string, prev *record) (*record, []string) {
	ok := map[string]recEntry{}
	var unknown []string
	_ = afero.Walk(fsys, dir, func(p string, fi fs.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return nil
		}
		rel := strings.TrimPrefix(filepathToSlash(p), dir+"/")
		e, found := prev.files[rel]
		if found && e.size == fi.Size() && e.mtime == fi.ModTime().UnixNano() {
			ok[rel] = e
		} else {
			unknown = append(unknown, rel)
		}
		return nil
	})
	return newRecord(ok), unknown
}

// Fresh reports whether the file at p holds what key stands for; if so it
// is kept.
func (o *output) Fresh(p string, key cache.Key) bool {
	e, ok := o.prev.files[p]
	if !ok || e.key != key || key.IsZero() {
		return false
	}
	o.mu.Lock()
	o.next[p] = e
	o.mu.Unlock()
	return true
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
		if o.prev.files[p].key != key {
			return false
		}
		group = append(group, p)
	}
	if len(group) == 0 || o.groupBroken(prefix) {
		return false
	}
	o.mu.Lock()
	for _, p := range group {
		o.next[p] = o.prev.files[p]
	}
	o.mu.Unlock()
	return true
}

// groupBroken reports whether a file under prefix is unknown (changed or
// added since the group was written) or missing.
func (o *output) groupBroken(prefix string) bool {
	for _, u := range append(slices.Clip(o.unknown), o.missing...) {
		if strings.HasPrefix(u, prefix) {
			return true
		}
	}
	return false
}

// Write writes the file at p, unless the folder already holds these bytes.
func (o *output) Write(p string, key cache.Key, data []byte) error {
	s := cache.Key(sha256.Sum256(data))
	if e, ok := o.prev.files[p]; ok && e.sum == s {
		e.key = key
		o.mu.Lock()
		o.next[p] = e
		o.mu.Unlock()
		return nil
	}
	target := path.Join(o.stage, p)
	if o.stage == "" {
		target = path.Join(o.dir, p) + tempSuffix
	}
	if err := o.mkdir(path.Dir(p)); err != nil {
		return err
	}
	f, err := o.fs.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", p, err)
	}
	_, err = f.Write(data)
	var fi fs.FileInfo
	if err == nil {
		fi, err = f.Stat()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", p, err)
	}
	o.mu.Lock()
	o.next[p] = recEntry{key: key, sum: s, size: fi.Size(), mtime: fi.ModTime().UnixNano()}
	if o.stage == "" {
		o.temps[p] = target
	}
	o.written++
	o.wrote = append(o.wrote, p)
	o.mu.Unlock()
	return nil
}

// mkdir creates the folder d (relative to the output) once; writers of
// other files in d wait until it exists.
func (o *output) mkdir(d string) error {
	o.mu.Lock()
	m, ok := o.dirs[d]
	if !ok {
		m = &dirOnce{}
		o.dirs[d] = m
	}
	o.mu.Unlock()
	m.once.Do(func() {
		base := o.stage
		if base == "" {
			base = o.dir
		}
		if err := o.fs.MkdirAll(path.Join(base, d), 0o755); err != nil {
			m.err = fmt.Errorf("cannot create %s: %w", d, err)
		}
	})
	return m.err
}

type dirOnce struct {
	once sync.Once
	err  error
}

// commit publishes the build and returns its record.
func (o *output) commit() (*record, error) {
	if o.stage != "" {
		if err := publish(o.fs, o.stage, o.dir); err != nil {
			_ = o.fs.RemoveAll(o.stage)
			return nil, err
		}
		return newRecord(o.next), nil
	}
	for _, p := range slices.Sorted(mapKeys(o.temps)) {
		if err := o.fs.Rename(o.temps[p], path.Join(o.dir, p)); err != nil {
			o.abort()
			return nil, fmt.Errorf("cannot publish %s: %w", path.Join(o.dir, p), err)
		}
		delete(o.temps, p)
	}
	// Files the build no longer makes, or did not vouch for, go.
	var stale []string
	for _, p := range o.prev.paths {
		if _, ok := o.next[p]; !ok {
			stale = append(stale, p)
		}
	}
	for _, p := range o.unknown {
		if _, ok := o.next[p]; !ok {
			stale = append(stale, p)
		}
	}
	dirs := map[string]bool{}
	var errs []error
	for _, p := range stale {
		if err := o.fs.Remove(path.Join(o.dir, p)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
		o.removed = append(o.removed, p)
		for d := path.Dir(p); d != "."; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	// Folders left empty go too (deepest first).
	ds := slices.Sorted(mapKeys(dirs))
	slices.SortStableFunc(ds, func(a, b string) int { return strings.Count(b, "/") - strings.Count(a, "/") })
	for _, d := range ds {
		if entries, err := afero.ReadDir(o.fs, path.Join(o.dir, d)); err == nil && len(entries) == 0 {
			_ = o.fs.Remove(path.Join(o.dir, d))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("cannot remove stale output: %w", err)
	}
	return newRecord(o.next), nil
}

// abort removes what the build wrote; the folder stays as it was.
func (o *output) abort() {
	if o.stage != "" {
		_ = o.fs.RemoveAll(o.stage)
		return
	}
	for _, t := range o.temps {
		_ = o.fs.Remove(t)
	}
	o.temps = map[string]string{}
}

// publish swaps the staged folder into place: the old output is moved
// aside, the new one renamed in, the old one removed.
func publish(fs afero.Fs, stage, out string) error {
	old := stage + ".old"
	_ = fs.RemoveAll(old)
	if _, err := fs.Stat(out); err == nil {
		if err := fs.Rename(out, old); err != nil {
			return fmt.Errorf("cannot move the previous output %s aside: %w", out, err)
		}
	}
	if err := fs.Rename(stage, out); err != nil {
		_ = fs.Rename(old, out)
		return fmt.Errorf("cannot publish %s: %w", out, err)
	}
	return fs.RemoveAll(old)
}

// encode writes the record as a cache value.
func (r *record) encode() []byte {
	var b []byte
	for _, p := range r.paths {
		e := r.files[p]
		b = binary.AppendUvarint(b, uint64(len(p)))
		b = append(b, p...)
		b = append(b, e.key[:]...)
		b = append(b, e.sum[:]...)
		b = binary.AppendVarint(b, e.size)
		b = binary.AppendVarint(b, e.mtime)
	}
	return b
}

func decodeRecord(b []byte) (*record, bool) {
	files := map[string]recEntry{}
	for len(b) > 0 {
		n, w := binary.Uvarint(b)
		if w <= 0 || n > uint64(len(b)-w) {
			return nil, false
		}
		p := string(b[w : w+int(n)])
		b = b[w+int(n):]
		if len(b) < 64 {
			return nil, false
		}
		var e recEntry
		copy(e.key[:], b)
		copy(e.sum[:], b[32:])
		b = b[64:]
		var w1, w2 int
		e.size, w1 = binary.Varint(b)
		if w1 <= 0 {
			return nil, false
		}
		e.mtime, w2 = binary.Varint(b[w1:])
		if w2 <= 0 {
			return nil, false
		}
		b = b[w1+w2:]
		files[p] = e
	}
	return newRecord(files), true
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func filepathToSlash(p string) string { return strings.ReplaceAll(p, string(os.PathSeparator), "/") }
