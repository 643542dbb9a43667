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

// Table is a small map of keys to values, loaded whole, rewritten whole
// when much of it changed and else appended its changes (table_log.go):
// token counts, dependency lists, records of published files.
//
// File format: the magic, then per entry the key, the value's length
// (uvarint) and the value, then the SHA-256 of everything before it.
type Table struct {
	c    *Cache
	file string

	mu   sync.RWMutex
	m    map[Key][]byte
	used map[Key]bool
	// puts and dels are the keys stored and removed since the table was
	// loaded or last saved: what its log gets.
	puts, dels map[Key]bool
	// full: the next save rewrites the file (and removes its log).
	full bool
	// base is the SHA-256 of the table file (zero: there is none), size
	// its size and logSize that of its log.
	base          [32]byte
	size, logSize int64
}

func loadTable(c *Cache, file string) *Table {
	t := &Table{c: c, file: file, m: map[Key][]byte{}, used: map[Key]bool{}, puts: map[Key]bool{}, dels: map[Key]bool{}}
	b, err := afero.ReadFile(c.fs, c.file(file))
	if errors.Is(err, fs.ErrNotExist) {
		return t // a log without its table is not read (base is zero)
	}
	if err != nil {
		c.notef("cannot read %s: %v; discarded", c.file(file), err)
		t.full = true
		return t
	}
	m, err := decodeTable(b)
	if err != nil {
		c.notef("%s: %v; discarded", c.file(file), err)
		t.full = true
		return t
	}
	t.m, t.size = m, int64(len(b))
	copy(t.base[:], b[len(b)-32:])
	t.readLog()
	return t
}

// readLog applies the table's log, if it has one. A log that cannot be
// read whole is noted (unless it is an earlier table's), and the next
// save rewrites the table.
func (t *Table) readLog() {
	name := t.c.file(t.file + logSuffix)
	b, err := afero.ReadFile(t.c.fs, name)
	if errors.Is(err, fs.ErrNotExist) {
		return
	}
	if err != nil {
		t.c.notef("cannot read %s: %v; not applied", name, err)
		t.full = true
		return
	}
	n, err := readLog(b, t.base, t.m)
	t.logSize = int64(len(b))
	if err != nil {
		if !errors.Is(err, errStaleLog) {
			t.c.notef("%s: %v; the %d bytes after byte %d not applied", name, err, len(b)-n, n)
		}
		t.full = true
	}
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
		t.puts[k] = true
		delete(t.dels, k)
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

// deleteLocked removes k (t.mu held).
func (t *Table) deleteLocked(k Key) {
	if _, ok := t.m[k]; !ok {
		return
	}
	delete(t.m, k)
	delete(t.puts, k)
	t.dels[k] = true
}

// resetLocked empties the table (t.mu held): the next save rewrites it.
func (t *Table) resetLocked(m map[Key][]byte) {
	t.m, t.full = m, true
	t.puts, t.dels = map[Key]bool{}, map[Key]bool{}
}

// save drops the entries not used since the last save and writes what
// changed: appended to the log while it stays under half the table
// file's size, else the table rewritten whole.
func (t *Table) save() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	for k := range t.m {
		if !t.used[k] {
			t.deleteLocked(k)
		}
	}
	t.used = map[Key]bool{}
	if !t.full && len(t.puts) == 0 && len(t.dels) == 0 {
		return nil
	}
	if !t.full && t.base != ([32]byte{}) {
		rec := appendRecord(nil, t.base, t.m, t.puts, t.dels)
		if t.logSize+int64(len(rec)) <= t.size/2 {
			err := appendFile(t.c.fs, t.c.file(t.file+logSuffix), rec)
			if err == nil {
				t.logSize += int64(len(rec))
				t.puts, t.dels = map[Key]bool{}, map[Key]bool{}
				return nil
			}
			// Part of the record may have been written: the table is
			// rewritten, and the log removed.
		}
	}
	if err := t.rewriteLocked(); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}

// rewriteLocked writes the table file whole, then removes its log (a log
// a crash leaves behind is of another file: not applied).
func (t *Table) rewriteLocked() error {
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
		return err
	}
	t.base, t.size, t.full = s, int64(len(b)), false
	t.puts, t.dels = map[Key]bool{}, map[Key]bool{}
	if err := removeLog(t.c.fs, t.c.file(t.file+logSuffix)); err != nil {
		return err
	}
	t.logSize = 0
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
