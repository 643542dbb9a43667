package search

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// The texts manual_read returns are kept beside the index, not in it (its
// stored documents stay small and hits fast), in shards: the files of
// ContentDir, each holding the texts of the entries whose ID hashes to it,
// one after the other in input order. ContentEndsFile says, for every
// entry in input order, its shard and where its text ends in it (two
// little-endian uint64s). An entry's shard depends only on its ID and the
// number of entries, so the files are the same bytes for the same input
// however the catalog was made, and an update that changes one manual of
// 10,000 rewrites one shard (some 100 KB) where one file of every text
// was 25 MB, rewritten and published again after every edit.
const (
	ContentDir      = "lore-content"
	ContentEndsFile = "lore-content.ends"
)

// shardEntries is about how many entries a shard holds; maxShards bounds
// the files of the largest catalogs.
const (
	shardEntries = 64
	maxShards    = 1024
)

// shardCount is the number of shards of a catalog of n entries: a power of
// two, so that adding or removing a few entries changes it seldom (a new
// count rewrites every shard).
func shardCount(n int) int {
	s := 1
	for s < maxShards && s*shardEntries < n {
		s *= 2
	}
	return s
}

// shardOf is the shard of the entry id among shards (FNV-1a of the ID).
func shardOf(id string, shards int) int {
	h := uint64(14695981039346656037)
	for i := 0; i < len(id); i++ {
		h ^= uint64(id[i])
		h *= 1099511628211
	}
	return int(h & uint64(shards-1))
}

// shardPath is the path of shard s inside a catalog folder.
func shardPath(s int) string { return filepath.Join(ContentDir, fmt.Sprintf("%04d.txt", s)) }

// contentPart is one entry's text: given, or n bytes at off of shard from
// of the content before. shard is where it goes.
type contentPart struct {
	text        []byte
	given       bool
	shard, from int
	off, n      int64
}

// textAt is where an entry's text lies: end-off bytes at off of shard.
type textAt struct {
	shard    int
	off, end int64
}

// writeContent writes the shards (shards of them) and ContentEndsFile of
// dir from parts, in input order, and returns where each part now lies.
// prev is the content before (nil: none), prevSizes the size of each of
// its shards: a shard whose texts are all taken from prev, in the same
// shard, in the same order, filling it, is left as it is (not when the
// number of shards changed).
func writeContent(dir string, parts []contentPart, shards int, prev *shardFiles, prevSizes []int64) ([]textAt, error) {
	at := make([]textAt, len(parts))
	sizes := make([]int64, shards)
	clean := make([]bool, shards)
	if prev != nil && len(prevSizes) == shards {
		for s := range clean {
			clean[s] = true
		}
	}
	for i, p := range parts {
		n := p.n
		if p.given {
			n = int64(len(p.text))
		}
		s := p.shard
		at[i] = textAt{shard: s, off: sizes[s], end: sizes[s] + n}
		if p.given || p.from != s || p.off != sizes[s] {
			clean[s] = false
		}
		sizes[s] += n
	}
	for s := range clean {
		clean[s] = clean[s] && sizes[s] == prevSizes[s]
	}
	if err := os.MkdirAll(filepath.Join(dir, ContentDir), 0o755); err != nil {
		return nil, fmt.Errorf("cannot write the catalog's content: %w", err)
	}
	byShard := make([][]int32, shards)
	for i, p := range parts {
		if !clean[p.shard] {
			byShard[p.shard] = append(byShard[p.shard], int32(i))
		}
	}
	// Every shard to write is written beside the old one first: a new
	// shard count takes texts from shards that are themselves rewritten.
	var written []int
	err := func() error {
		for s := range shards {
			if clean[s] {
				continue
			}
			written = append(written, s)
			if err := writeShard(filepath.Join(dir, shardPath(s))+".new", parts, byShard[s], prev); err != nil {
				return err
			}
		}
		return nil
	}()
	for _, s := range written {
		name := filepath.Join(dir, shardPath(s))
		if err == nil {
			err = os.Rename(name+".new", name)
		}
		if err != nil {
			_ = os.Remove(name + ".new")
		}
	}
	if err == nil {
		err = removeShardsFrom(dir, shards)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot write the catalog's content: %w", err)
	}
	ends := make([]byte, 16*len(parts))
	for i, t := range at {
		binary.LittleEndian.PutUint64(ends[16*i:], uint64(t.shard))
		binary.LittleEndian.PutUint64(ends[16*i+8:], uint64(t.end))
	}
	return at, os.WriteFile(filepath.Join(dir, ContentEndsFile), ends, 0o644)
}

// writeShard writes the texts of the parts at, in order, into the file
// name. Texts taken from prev are copied a run at a time: unchanged
// entries keep their order, so a run is all the entries between two
// changes.
func writeShard(name string, parts []contentPart, at []int32, prev *shardFiles) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 64<<10)
	var run struct {
		from   int
		off, n int64
	}
	flush := func() error {
		if run.n == 0 {
			return nil
		}
		src, err := prev.file(run.from)
		if err == nil {
			// CopyN: a shard shorter than its texts (changed behind the
			// writer's back) fails the update, which then builds anew.
			_, err = io.CopyN(bw, io.NewSectionReader(src, run.off, run.n), run.n)
		}
		run.n = 0
		return err
	}
	for _, i := range at {
		p := parts[i]
		switch {
		case p.given:
			if err = flush(); err == nil {
				_, err = bw.Write(p.text)
			}
		case run.n > 0 && run.from == p.from && run.off+run.n == p.off:
			run.n += p.n
		default:
			err = flush()
			run.from, run.off, run.n = p.from, p.off, p.n
		}
		if err != nil {
			break
		}
	}
	if err == nil {
		err = flush()
	}
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// removeShardsFrom removes the shards of dir numbered from on (left by a
// catalog of more shards) and anything else in ContentDir.
func removeShardsFrom(dir string, from int) error {
	des, err := os.ReadDir(filepath.Join(dir, ContentDir))
	if err != nil {
		return err
	}
	keep := make(map[string]bool, from)
	for s := range from {
		keep[filepath.Base(shardPath(s))] = true
	}
	for _, de := range des {
		if !keep[de.Name()] {
			if err := os.RemoveAll(filepath.Join(dir, ContentDir, de.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}

// readEnds reads ContentEndsFile of a catalog of n entries: where each
// entry's text lies, and the least size of each shard.
func readEnds(dir string, n int) ([]textAt, []int64, error) {
	bad := damaged(dir, ContentEndsFile)
	b, err := os.ReadFile(filepath.Join(dir, ContentEndsFile))
	if err != nil || n < 0 || len(b)%16 != 0 || len(b)/16 != n { // not 16*n: a forged n could wrap it
		return nil, nil, bad
	}
	shards := shardCount(n)
	need := make([]int64, shards)
	at := make([]textAt, n)
	for i := range at {
		s := binary.LittleEndian.Uint64(b[16*i:])
		end := binary.LittleEndian.Uint64(b[16*i+8:])
		if s >= uint64(shards) || end < uint64(need[s]) || end > 1<<62 {
			return nil, nil, bad
		}
		at[i] = textAt{shard: int(s), off: need[s], end: int64(end)}
		need[s] = int64(end)
	}
	return at, need, nil
}

// shardFiles opens the shards of a catalog folder as they are needed. It
// is safe for concurrent use.
type shardFiles struct {
	dir string
	// need, when set, is the least size of each shard: a shard shorter
	// than its texts' ends is damaged.
	need  []int64
	mu    sync.Mutex
	files map[int]*os.File
}

func newShardFiles(dir string, need []int64) *shardFiles {
	return &shardFiles{dir: dir, need: need, files: map[int]*os.File{}}
}

// file returns shard s, opened.
func (sf *shardFiles) file(s int) (*os.File, error) {
	sf.mu.Lock()
	defer sf.mu.Unlock()
	if f, ok := sf.files[s]; ok {
		return f, nil
	}
	f, err := os.Open(filepath.Join(sf.dir, shardPath(s)))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, damaged(sf.dir, shardPath(s))
		}
		return nil, err
	}
	if sf.need != nil {
		fi, err := f.Stat()
		if err != nil || !fi.Mode().IsRegular() || s >= len(sf.need) || fi.Size() < sf.need[s] {
			f.Close()
			return nil, damaged(sf.dir, shardPath(s))
		}
	}
	sf.files[s] = f
	return f, nil
}

// Close closes the shards opened.
func (sf *shardFiles) Close() error {
	sf.mu.Lock()
	defer sf.mu.Unlock()
	var errs []error
	for s, f := range sf.files {
		errs = append(errs, f.Close())
		delete(sf.files, s)
	}
	return errors.Join(errs...)
}

// read returns the text at t.
func (sf *shardFiles) read(t textAt) ([]byte, error) {
	f, err := sf.file(t.shard)
	if err != nil {
		return nil, err
	}
	b := make([]byte, t.end-t.off)
	if _, err := f.ReadAt(b, t.off); err != nil {
		return nil, fmt.Errorf("catalog %s: cannot read %s: %w; rebuild it (lore build, or lore index --out DIR)", sf.dir, shardPath(t.shard), err)
	}
	return b, nil
}
