package build

import (
	"encoding/binary"
	"slices"
	"strings"
)

// recList is a record as a list in path order: the form verify reads and
// the cache keeps. A nothing-changed build checks the output against it
// without making the record's map: decoding 34,000 entries into a map
// (and looking each up again) was a fifth of such a build's time.
type recList struct {
	paths   []string // sorted
	entries []recEntry
	stamped int64
}

// list returns r as a list.
func (r *record) list() *recList {
	l := &recList{paths: r.paths, entries: make([]recEntry, len(r.paths)), stamped: r.stamped}
	for i, p := range r.paths {
		l.entries[i] = r.files[p]
	}
	return l
}

// record returns l as a record.
func (l *recList) record() *record {
	files := make(map[string]recEntry, len(l.paths))
	for i, p := range l.paths {
		files[p] = l.entries[i]
	}
	return &record{files: files, paths: l.paths, stamped: l.stamped}
}

// only returns the record of the entries at the indexes keep, unstamped.
func (l *recList) only(keep []int32) *record {
	files := make(map[string]recEntry, len(keep))
	for _, i := range keep {
		files[l.paths[i]] = l.entries[i]
	}
	return newRecord(files)
}

// folders returns the indexes of the files of l by folder ("" the output
// itself), each folder's in name order (the order of l).
func (l *recList) folders() map[string][]int32 {
	out := map[string][]int32{}
	last, lastDir := "", []int32(nil)
	for i, p := range l.paths {
		d := ""
		if j := strings.LastIndexByte(p, '/'); j >= 0 {
			d = p[:j]
		}
		if lastDir == nil || d != last {
			if lastDir != nil {
				out[last] = lastDir
			}
			last, lastDir = d, out[d]
		}
		lastDir = append(lastDir, int32(i))
	}
	if lastDir != nil {
		out[last] = lastDir
	}
	return out
}

// same reports whether the file at index i, found with the size and
// modification time given, is as recorded (record.same).
func (l *recList) same(i int32, size, mtime int64, read func() ([]byte, error)) bool {
	return sameAs(l.entries[i], l.stamped, size, mtime, read)
}

// racy reports whether a file of the list has a time too close to the
// record's own to be trusted (record.racy).
func (l *recList) racy() bool { return anyRacy(slices.Values(l.entries), l.stamped) }

// restamped returns the list with the time at (record.restamped).
func (l *recList) restamped(at int64) *recList {
	return &recList{paths: l.paths, entries: l.entries, stamped: at}
}

// encode writes the list as a cache value: an empty path and the time it
// was stamped, then the files in path order.
func (l *recList) encode() []byte {
	n := 2 * binary.MaxVarintLen64
	for _, p := range l.paths {
		n += len(p) + 3*binary.MaxVarintLen64 + 64
	}
	b := make([]byte, 0, n)
	b = binary.AppendUvarint(b, 0)
	b = binary.AppendVarint(b, l.stamped)
	for i, p := range l.paths {
		e := l.entries[i]
		b = binary.AppendUvarint(b, uint64(len(p)))
		b = append(b, p...)
		b = append(b, e.key[:]...)
		b = append(b, e.sum[:]...)
		b = binary.AppendVarint(b, e.size)
		b = binary.AppendVarint(b, e.mtime)
	}
	return b
}

// decodeRecList reads what encode wrote. The paths are cut from one copy
// of b; a list not in path order (not written by encode) is sorted by way
// of the record's map.
func decodeRecList(b []byte) (*recList, bool) {
	l := &recList{}
	if n, w := binary.Uvarint(b); w > 0 && n == 0 {
		var w2 int
		if l.stamped, w2 = binary.Varint(b[w:]); w2 <= 0 {
			return nil, false
		}
		b = b[w+w2:]
	}
	n := countRecorded(b)
	if n < 0 {
		return nil, false
	}
	l.paths, l.entries = make([]string, 0, n), make([]recEntry, 0, n)
	s := string(b) // the paths share it
	off := 0
	sorted := true
	for off < len(s) {
		n, w := binary.Uvarint(b[off:])
		if w <= 0 || n > uint64(len(b)-off-w) {
			return nil, false
		}
		off += w
		p := s[off : off+int(n)]
		off += int(n)
		if len(b)-off < 64 {
			return nil, false
		}
		var e recEntry
		copy(e.key[:], b[off:])
		copy(e.sum[:], b[off+32:])
		off += 64
		var w1, w2 int
		e.size, w1 = binary.Varint(b[off:])
		if w1 <= 0 {
			return nil, false
		}
		e.mtime, w2 = binary.Varint(b[off+w1:])
		if w2 <= 0 {
			return nil, false
		}
		off += w1 + w2
		if k := len(l.paths); k > 0 && strings.Compare(l.paths[k-1], p) >= 0 {
			sorted = false
		}
		l.paths = append(l.paths, p)
		l.entries = append(l.entries, e)
	}
	if !sorted {
		files := make(map[string]recEntry, len(l.paths))
		for i, p := range l.paths {
			files[p] = l.entries[i]
		}
		r := newRecord(files)
		r.stamped = l.stamped
		return r.list(), true
	}
	return l, true
}

// countRecorded returns how many files the encoded files b hold (-1: b is
// not an encoding), for decodeRecList to allocate its list once.
func countRecorded(b []byte) int {
	n := 0
	for len(b) > 0 {
		k, w := binary.Uvarint(b)
		if w <= 0 || k > uint64(len(b)-w) || uint64(len(b)-w)-k < 64 {
			return -1
		}
		b = b[w+int(k)+64:]
		for range 2 { // size and time
			if _, w = binary.Varint(b); w <= 0 {
				return -1
			}
			b = b[w:]
		}
		n++
	}
	return n
}
