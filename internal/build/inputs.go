package build

import (
	"encoding/binary"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/capability"
	"github.com/lorekit/lore/internal/config"
)

// Inputs are identified by content. Every file a build reads (the project
// file, prompts.lock, manuals.lock, every file under the manual roots and the prompts,
// content and theme folders, and the files elsewhere that the last build
// looked at: link targets, images) is named by the SHA-256 of its bytes,
// and a build's inputs as a whole by one hash of all of them and the
// build's options (inputsID). A published output records the inputs ID it
// was made from (published); a build whose inputs ID is that one, into an
// output still as it was published, has nothing to do.
//
// Hashing every file on every build would read the whole project: the
// cache keeps, per file, what stat said of it (size, modification time,
// inode, mode) with its hash (fileMemo), and a file that stat finds as it
// was is not read again. A file modified within racyMargin before its
// entry was recorded may have changed again within the same tick of the
// file system's clock without its time or size showing it (git's "racy
// clean" case): it is read again.

// inputsTable holds the file memo of each project.
const inputsTable = "inputs"

// racyMargin is how close to the moment a file was hashed its time must
// be for the hash not to be trusted later (coarser than any file system's
// clock, FAT's two seconds included).
const racyMargin = 2 * time.Second

// fileStat is what stat says of a file, with the SHA-256 of its bytes.
type fileStat struct {
	size, mtime int64
	ino         uint64
	mode        uint32
	sum         cache.Key
}

// fileMemo is the hash of every input file as last seen.
type fileMemo struct {
	// stamped is when the hashes were taken (Unix nanoseconds).
	stamped int64
	files   map[string]fileStat
	// from is the memo the scan that made this one started from, and
	// asBefore how many files it found exactly as from has them
	// (changedFrom without comparing the maps).
	from     *fileMemo
	asBefore int
}

func memoKey(cfg *config.Config) cache.Key {
	return cache.NewHasher("inputs").String(absPath(cfg.Dir)).String(cfg.File).Sum()
}

// loadMemo returns the project's file memo kept in c (empty when there is
// none).
func loadMemo(c *cache.Cache, cfg *config.Config) *fileMemo {
	m := &fileMemo{files: map[string]fileStat{}}
	raw, ok := c.Table(inputsTable).Get(memoKey(cfg))
	if !ok {
		return m
	}
	if d, ok := decodeMemo(raw); ok {
		return d
	}
	return m
}

// keep stores the memo in c.
func (m *fileMemo) keep(c *cache.Cache, cfg *config.Config) {
	c.Table(inputsTable).Put(memoKey(cfg), m.encode())
}

func (m *fileMemo) encode() []byte {
	b := binary.AppendVarint(nil, m.stamped)
	for _, p := range slices.Sorted(maps.Keys(m.files)) {
		f := m.files[p]
		b = binary.AppendUvarint(b, uint64(len(p)))
		b = append(b, p...)
		b = binary.AppendVarint(b, f.size)
		b = binary.AppendVarint(b, f.mtime)
		b = binary.AppendUvarint(b, f.ino)
		b = binary.AppendUvarint(b, uint64(f.mode))
		b = append(b, f.sum[:]...)
	}
	return b
}

func decodeMemo(b []byte) (*fileMemo, bool) {
	m := &fileMemo{files: map[string]fileStat{}}
	var w int
	if m.stamped, w = binary.Varint(b); w <= 0 {
		return nil, false
	}
	b = b[w:]
	for len(b) > 0 {
		n, w := binary.Uvarint(b)
		if w <= 0 || n > uint64(len(b)-w) {
			return nil, false
		}
		p := string(b[w : w+int(n)])
		b = b[w+int(n):]
		var f fileStat
		var ok bool
		if f.size, b, ok = varint(b); !ok {
			return nil, false
		}
		if f.mtime, b, ok = varint(b); !ok {
			return nil, false
		}
		if f.ino, b, ok = uvarint(b); !ok {
			return nil, false
		}
		var mode uint64
		if mode, b, ok = uvarint(b); !ok || len(b) < len(f.sum) {
			return nil, false
		}
		f.mode = uint32(mode)
		copy(f.sum[:], b)
		b = b[len(f.sum):]
		m.files[p] = f
	}
	return m, true
}

func varint(b []byte) (int64, []byte, bool) {
	v, w := binary.Varint(b)
	if w <= 0 {
		return 0, nil, false
	}
	return v, b[w:], true
}

func uvarint(b []byte) (uint64, []byte, bool) {
	v, w := binary.Uvarint(b)
	if w <= 0 {
		return 0, nil, false
	}
	return v, b[w:], true
}

// inputScan identifies the inputs of one build.
type inputScan struct {
	fsys afero.Fs
	prev *fileMemo
	next *fileMemo
	// known are hashes the build computed of bytes it read (the
	// manuals), trusted for files not modified since before started.
	known   map[string]cache.Key
	started time.Time
	h       *cache.Hasher
	ok      bool
}

// scanInputs identifies every input of the project: its ID (see above)
// and the memo of what it saw, or ok false when the inputs cannot be
// identified reliably (a symbolic link, an unreadable folder, a file
// modified after started, when started is set). extra are the files
// outside the input folders the build looked at.
func scanInputs(fsys afero.Fs, o RunOptions, cfg *config.Config, roots []string, out, cacheDir string, extra []string,
	prev *fileMemo, known map[string]cache.Key, started time.Time) (cache.Key, *fileMemo, bool) {
	next := &fileMemo{stamped: time.Now().UnixNano(), files: make(map[string]fileStat, len(prev.files)), from: prev}
	s := &inputScan{fsys: fsys, prev: prev, next: next, known: known, started: started, ok: true}
	s.h = cache.NewHasher("build-inputs").String(absPath(cfg.Dir)).String(cfg.File).String(absPath(out)).
		Bool(o.Locked).Strings(o.Manuals).String(buildIdentity())
	file := cfg.File
	if file == "" {
		file = cfg.Path(config.FileName)
	}
	files := []string{file, cfg.Path(bundle.LockFile), cfg.Path(capability.LockFile)}
	for _, v := range cfg.Vocabulary { // the routing vocabulary's files
		files = append(files, cfg.Path(v))
	}
	for _, f := range files {
		s.single(f, true)
	}
	skip := map[string]bool{path.Clean(out): true, path.Clean(cacheDir): true}
	dirs := slices.Concat(roots, []string{cfg.Path(cfg.Prompts), cfg.Path(cfg.Content), cfg.Path(cfg.Theme)})
	for _, d := range dirs {
		if d == "" || d == "." && len(roots) == 0 {
			continue
		}
		s.walk(d, skip)
	}
	s.h.String("extra")
	for _, f := range extra {
		s.single(f, false)
	}
	return s.h.Sum(), s.next, s.ok
}

// single identifies the file p (a missing file is an identity too);
// lstat says whether a link is refused.
func (s *inputScan) single(p string, noLinks bool) {
	if !s.ok {
		return
	}
	var fi fs.FileInfo
	var err error
	if noLinks {
		fi, err = lstat(s.fsys, p)
	} else {
		fi, err = s.fsys.Stat(p)
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		s.h.String(p).String("missing")
	case err != nil:
		s.ok = false
	case fi.IsDir():
		s.h.String(p).String("folder")
	default:
		s.file(p, fi, noLinks)
	}
}

// file adds the identity of the file p: its hash from the memo when stat
// finds it as it was (and it was not modified just before it was
// hashed), else from the bytes.
func (s *inputScan) file(p string, fi fs.FileInfo, noLinks bool) {
	if noLinks && fi.Mode()&os.ModeSymlink != 0 {
		s.ok = false // where a link leads can change without the link changing
		return
	}
	if !fi.Mode().IsRegular() && fi.Mode()&os.ModeSymlink == 0 {
		s.ok = false // a named pipe or device: reading it could wait forever
		return
	}
	mtime := fi.ModTime().UnixNano()
	if !s.started.IsZero() && !fi.ModTime().Before(s.started) {
		s.ok = false // changed while the build ran
		return
	}
	st := fileStat{size: fi.Size(), mtime: mtime, ino: inode(fi), mode: uint32(fi.Mode())}
	old, seen := s.prev.files[p]
	if seen && old.size == st.size && old.mtime == st.mtime && old.ino == st.ino && old.mode == st.mode &&
		mtime < s.prev.stamped-int64(racyMargin) {
		st.sum = old.sum
	} else if k, ok := s.known[p]; ok && !s.started.IsZero() && fi.ModTime().Before(s.started.Add(-racyMargin)) {
		st.sum = k // the bytes the build read: the file has not changed since
	} else {
		b, err := afero.ReadFile(s.fsys, p)
		if err != nil {
			s.ok = false
			return
		}
		st.sum = cache.Of(b)
	}
	if _, dup := s.next.files[p]; dup {
		s.next.from = nil // scanned twice (a vocabulary file in content/): changedFrom compares the maps
	} else if seen && old == st {
		s.next.asBefore++
	}
	s.next.files[p] = st
	s.h.String(p).Key(st.sum)
}

func absPath(p string) string {
	a, err := filepath.Abs(filepath.FromSlash(p))
	if err != nil {
		return p
	}
	return filepath.ToSlash(a)
}

func lstat(fsys afero.Fs, p string) (fs.FileInfo, error) {
	if l, ok := fsys.(afero.Lstater); ok {
		fi, _, err := l.LstatIfPossible(p)
		return fi, err
	}
	return fsys.Stat(p)
}
