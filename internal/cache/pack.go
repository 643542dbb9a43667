package cache

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/spf13/afero"
)

// packMagic starts every pack file.
const packMagic = "LOREPAK1"

// Pack holds large values (rendered HTML) appended to one file, read on
// demand. Its index is a table: key → offset, length and SHA-256 of the
// value. A value whose bytes do not match its SHA-256 (a damaged or
// truncated pack) is a miss.
type Pack struct {
	c    *Cache
	name string
	idx  *Table

	mu   sync.Mutex
	r    afero.File    // read handle, opened on first Get
	w    afero.File    // append handle, opened on first Put
	bw   *bufio.Writer // buffers appends; flushed before reads
	size int64         // bytes in the pack file (written or buffered)
}

// entry is an index value: where a value lies in the pack.
type entry struct {
	off, n int64
	sum    [32]byte
}

func (e entry) encode() []byte {
	b := make([]byte, 16+32)
	binary.LittleEndian.PutUint64(b, uint64(e.off))
	binary.LittleEndian.PutUint64(b[8:], uint64(e.n))
	copy(b[16:], e.sum[:])
	return b
}

func decodeEntry(b []byte) (entry, bool) {
	if len(b) != 16+32 {
		return entry{}, false
	}
	e := entry{off: int64(binary.LittleEndian.Uint64(b)), n: int64(binary.LittleEndian.Uint64(b[8:]))}
	copy(e.sum[:], b[16:])
	return e, e.off >= int64(len(packMagic)) && e.n >= 0
}

func openPack(c *Cache, name string) *Pack {
	p := &Pack{c: c, name: name, idx: loadTable(c, name+".idx.tab")}
	fi, err := c.fs.Stat(p.path())
	if err != nil {
		p.resetIndex(p.idx.Len() > 0, "its pack file is missing")
		return p
	}
	p.size = fi.Size()
	head := make([]byte, len(packMagic))
	f, err := c.fs.Open(p.path())
	if err == nil {
		_, err = io.ReadFull(f, head)
		f.Close()
	}
	if err != nil || string(head) != packMagic {
		p.resetIndex(true, "its pack file is not a lore pack")
		_ = c.fs.Remove(p.path())
		p.size = 0
	}
	return p
}

func (p *Pack) path() string { return p.c.file(p.name + ".pack") }

func (p *Pack) resetIndex(note bool, why string) {
	if note {
		p.c.notef("cache %s: %s; discarded", p.name, why)
	}
	p.idx.mu.Lock()
	if len(p.idx.m) > 0 {
		p.idx.resetLocked(map[Key][]byte{})
	}
	p.idx.mu.Unlock()
}

// Has reports whether the pack claims a value for k (Get still verifies
// it).
func (p *Pack) Has(k Key) bool {
	p.idx.mu.RLock()
	defer p.idx.mu.RUnlock()
	_, ok := p.idx.m[k]
	return ok
}

// Keep marks k used without reading it, so that Save keeps it.
func (p *Pack) Keep(k Key) { p.idx.Keep(k) }

// Get returns the value stored under k, read from the pack and checked
// against its SHA-256.
func (p *Pack) Get(k Key) ([]byte, bool) {
	raw, ok := p.idx.Get(k)
	if !ok {
		return nil, false
	}
	e, ok := decodeEntry(raw)
	if !ok {
		p.drop(k, "a damaged index entry")
		return nil, false
	}
	p.mu.Lock()
	b, err := p.readLocked(e)
	p.mu.Unlock()
	if err != nil {
		p.drop(k, err.Error())
		return nil, false
	}
	if sum(b) != e.sum {
		p.drop(k, "checksum mismatch")
		return nil, false
	}
	return b, true
}

func (p *Pack) readLocked(e entry) ([]byte, error) {
	if e.off+e.n > p.size {
		return nil, fmt.Errorf("value beyond the end of the pack (truncated)")
	}
	if p.bw != nil && p.bw.Buffered() > 0 {
		if err := p.bw.Flush(); err != nil {
			return nil, err
		}
	}
	if p.r == nil {
		r, err := p.c.fs.Open(p.path())
		if err != nil {
			return nil, err
		}
		p.r = r
	}
	b := make([]byte, e.n)
	if _, err := p.r.ReadAt(b, e.off); err != nil {
		return nil, fmt.Errorf("value cannot be read (truncated pack?): %v", err)
	}
	return b, nil
}

func (p *Pack) drop(k Key, why string) {
	p.c.notef("cache %s: value %s: %s; recomputed", p.name, k.String()[:12], why)
	p.idx.mu.Lock()
	p.idx.deleteLocked(k)
	p.idx.mu.Unlock()
}

// Put stores v under k. Storing a value the pack already holds only marks
// it used.
func (p *Pack) Put(k Key, v []byte) {
	s := sum(v)
	if raw, ok := p.idx.Get(k); ok {
		if e, ok := decodeEntry(raw); ok && e.sum == s && e.n == int64(len(v)) {
			return
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.openWriterLocked(); err != nil {
		p.c.notef("cache %s: cannot write: %v", p.name, err)
		return
	}
	e := entry{off: p.size, n: int64(len(v)), sum: s}
	if _, err := p.bw.Write(v); err != nil {
		p.c.notef("cache %s: cannot write: %v", p.name, err)
		return
	}
	p.size += e.n
	p.idx.Put(k, e.encode())
}

func (p *Pack) openWriterLocked() error {
	if p.bw != nil {
		return nil
	}
	w, err := p.c.fs.OpenFile(p.path(), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	if p.size == 0 {
		if _, err := w.Write([]byte(packMagic)); err != nil {
			w.Close()
			return err
		}
		p.size = int64(len(packMagic))
	}
	if _, err := w.Seek(p.size, io.SeekStart); err != nil {
		w.Close()
		return err
	}
	p.w, p.bw = w, bufio.NewWriterSize(w, 1<<20)
	return nil
}

// save flushes the appends, compacts the pack when most of it is dead and
// saves the index.
func (p *Pack) save() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	var err error
	if p.bw != nil {
		err = p.bw.Flush()
		if cerr := p.w.Close(); err == nil {
			err = cerr
		}
		p.w, p.bw = nil, nil
	}
	if err == nil {
		err = p.compactLocked()
	}
	if p.r != nil {
		p.r.Close()
		p.r = nil
	}
	if err != nil {
		return fmt.Errorf("cache %s: %w", p.name, err)
	}
	return p.idx.save()
}

// compactLocked rewrites the pack with the used values only, when the
// others take more than half of it (and more than 4 MiB).
func (p *Pack) compactLocked() error {
	p.idx.mu.Lock()
	defer p.idx.mu.Unlock()
	var live int64
	for k, raw := range p.idx.m {
		if e, ok := decodeEntry(raw); ok && p.idx.used[k] {
			live += e.n
		}
	}
	dead := p.size - int64(len(packMagic)) - live
	if dead <= live || dead < 4<<20 {
		return nil
	}
	if p.r == nil {
		r, err := p.c.fs.Open(p.path())
		if err != nil {
			return err
		}
		p.r = r
	}
	tmp := p.path() + ".tmp"
	w, err := p.c.fs.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	bw.WriteString(packMagic)
	off := int64(len(packMagic))
	next := map[Key][]byte{}
	for _, k := range sortedKeys(p.idx.m) {
		if !p.idx.used[k] {
			continue
		}
		e, ok := decodeEntry(p.idx.m[k])
		if !ok || e.off+e.n > p.size {
			continue
		}
		b := make([]byte, e.n)
		if _, err := p.r.ReadAt(b, e.off); err != nil || sum(b) != e.sum {
			continue
		}
		bw.Write(b)
		next[k] = entry{off: off, n: e.n, sum: e.sum}.encode()
		off += e.n
	}
	if err := bw.Flush(); err != nil {
		w.Close()
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	p.r.Close()
	p.r = nil
	if err := p.c.fs.Rename(tmp, p.path()); err != nil {
		return err
	}
	p.idx.resetLocked(next)
	p.size = off
	return nil
}
