package cache

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"sync"

	"github.com/spf13/afero"
)

// tableMagic starts every table file.
const tableMagic = "LORETAB1"

// Table is a small map of keys to values, loaded whole and rewritten whole:
// token counts, dependency lists, records of published files.
//
// File format: the magic, then per entry the key, the value's length
// (uvarint) and the value, then the SHA-256 of everything before it.
type Table struct {
	c    *Cache
	file string

	mu    sync.RWMutex
	m     map[Key][]byte
	used  map[Key]bool
	dirty bool
}

func loadTable(c *Cache, file string) *Table {
	t := &Table{c: c, file: file, m: map[Key][]byte{}, used: map[Key]bool{}}
	b, err := afero.ReadFile(c.fs, c.file(file))
	if errors.Is(err, fs.ErrNotExist) {
		return t
	}
	if err != nil {
		c.notef("cannot read %s: %v; discarded", c.file(file), err)
		t.dirty = true
		return t
	}
	m, err := decodeTable(b)
	if err != nil {
		c.notef("%s: %v; discarded", c.file(file), err)
		t.dirty = true
		return t
	}
	t.m = m
	return t
}

func decodeTable(b []byte) (map[Key][]byte, error) {
	if len(b) < len(tableMagic)+32 || string(b[:len(tableMagic)]) != tableMagic {
		return nil, errors.New("not a cache table (bad header or truncated)")
	}
	body, tail := b[:len(b)-32], b[len(b)-32:]
	if s := sum(body); !bytes.Equal(s[:], tail) {
		return nil, errors.New("checksum mismatch (damaged or truncated)")
	}
	m := map[Key][]byte{}
	rest := body[len(tableMagic):]
	for len(rest) > 0 {
		if len(rest) < 32 {
			return nil, errors.New("truncated entry")
		}
		var k Key
		copy(k[:], rest)
		rest = rest[32:]
		n, w := binary.Uvarint(rest)
		if w <= 0 || n > uint64(len(rest)-w) {
			return nil, errors.New("bad entry length")
		}
		rest = rest[w:]
		m[k] = rest[:n:n]
		rest = rest[n:]
	}
	return m, nil
}

// Get returns the value stored under k and marks it used.
func (t *Table) Get(k Key) ([]byte, bool) {
	t.mu.RLock()
	v, ok := t.m[k]
	used := t.used[k]
	t.mu.RUnlock()
	if ok && !used {
		t.mu.Lock()
		t.used[k] = true
		t.mu.Unlock()
	}
	return v, ok
}

// Put stores v under k (the table keeps v; do not change it afterwards).
func (t *Table) Put(k Key, v []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if old, ok := t.m[k]; !ok || !bytes.Equal(old, v) {
		t.m[k] = v
		t.dirty = true
	}
	t.used[k] = true
}

// Keep marks k used without reading it, so that Save keeps it.
func (t *Table) Keep(k Key) {
	t.mu.Lock()
	if _, ok := t.m[k]; ok {
		t.used[k] = true
	}
	t.mu.Unlock()
}

// KeepAll marks every entry used, so that Save keeps them all (entries
// of several users of one cache, such as the records of output folders).
func (t *Table) KeepAll() {
	t.mu.Lock()
	for k := range t.m {
		t.used[k] = true
	}
	t.mu.Unlock()
}

// Len returns the number of entries.
func (t *Table) Len() int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return len(t.m)
}

// save drops the entries not used since the last save and rewrites the
// file if anything changed.
func (t *Table) save() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	for k := range t.m {
		if !t.used[k] {
			delete(t.m, k)
			t.dirty = true
		}
	}
	t.used = map[Key]bool{}
	if !t.dirty {
		return nil
	}
	size := len(tableMagic) + 32
	for _, v := range t.m {
		size += 32 + binary.MaxVarintLen64 + len(v)
	}
	b := make([]byte, 0, size)
	b = append(b, tableMagic...)
	// Entries in key order, so that equal tables are equal files.
	for _, k := range sortedKeys(t.m) {
		v := t.m[k]
		b = append(b, k[:]...)
		b = binary.AppendUvarint(b, uint64(len(v)))
		b = append(b, v...)
	}
	s := sum(b)
	b = append(b, s[:]...)
	if err := writeAtomic(t.c.fs, t.c.file(t.file), b); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	t.dirty = false
	return nil
}

func sortedKeys[V any](m map[Key]V) []Key {
	ks := make([]Key, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sortKeys(ks)
	return ks
}

func sortKeys(ks []Key) {
	slices.SortFunc(ks, func(a, b Key) int { return bytes.Compare(a[:], b[:]) })
}
