package cache

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"
)

// Hasher computes a Key from parts. Every part is written with its length,
// so that ("ab", "c") and ("a", "bc") give different keys. Small parts are
// gathered in a buffer and hashed in blocks: keys of views are made of
// thousands of short parts. A key whose parts fit the buffer (most: an
// identity, a body's place) is hashed in one call, and a Hasher that its
// maker does not keep stays on the maker's stack: nothing of it is handed
// to the hash state (on the heap) but copies, so a build's tens of
// thousands of keys allocate nothing.
type Hasher struct {
	arr [hasherBuf]byte
	n   int        // bytes of arr in use
	big *hashState // nil until the buffer first fills
}

// hashState is a Hasher's hash of what no longer fits its buffer.
type hashState struct {
	d    hash.Hash
	copy [hasherBuf]byte
}

// hasherBuf is the size of a Hasher's buffer.
const hasherBuf = 256

// NewHasher starts a key for values of kind (part of the key, so that two
// kinds of values never share one).
func NewHasher(kind string) *Hasher {
	h := &Hasher{}
	return h.String(kind)
}

// flush hashes the buffer and empties it.
func (h *Hasher) flush() {
	if h.big == nil {
		h.big = &hashState{d: sha256.New()}
	}
	n := copy(h.big.copy[:], h.arr[:h.n])
	h.big.d.Write(h.big.copy[:n])
	h.n = 0
}

// room makes room for n bytes in the buffer (n ≤ hasherBuf).
func (h *Hasher) room(n int) {
	if hasherBuf-h.n < n {
		h.flush()
	}
}

// String adds s. A string longer than the buffer goes through it in
// pieces rather than as a copy of its bytes.
func (h *Hasher) String(s string) *Hasher {
	h.len(len(s))
	for {
		c := copy(h.arr[h.n:], s)
		h.n += c
		if s = s[c:]; s == "" {
			return h
		}
		h.flush()
	}
}

// Strings adds the strings of ss, and their number.
func (h *Hasher) Strings(ss []string) *Hasher {
	h.len(len(ss))
	for _, s := range ss {
		h.String(s)
	}
	return h
}

// Bytes adds b (a large b is hashed where it is).
func (h *Hasher) Bytes(b []byte) *Hasher {
	h.len(len(b))
	if h.n+len(b) <= hasherBuf {
		h.n += copy(h.arr[h.n:], b)
		return h
	}
	h.flush()
	if len(b) > hasherBuf/2 {
		h.big.d.Write(b) // flush made h.big
		return h
	}
	h.n += copy(h.arr[:], b)
	return h
}

// Int adds n.
func (h *Hasher) Int(n int) *Hasher {
	h.room(binary.MaxVarintLen64)
	h.n += binary.PutVarint(h.arr[h.n:], int64(n))
	return h
}

// Bool adds b.
func (h *Hasher) Bool(b bool) *Hasher {
	if b {
		return h.Int(1)
	}
	return h.Int(0)
}

// Key adds k.
func (h *Hasher) Key(k Key) *Hasher {
	h.room(len(k))
	h.n += copy(h.arr[h.n:], k[:])
	return h
}

// Sum returns the key.
func (h *Hasher) Sum() Key {
	if h.big == nil {
		return sha256.Sum256(h.arr[:h.n]) // the same bytes, in one piece
	}
	h.flush()
	var k Key
	h.big.d.Sum(k[:0])
	return k
}

// len adds a part's length.
func (h *Hasher) len(n int) {
	h.room(binary.MaxVarintLen64)
	h.n += binary.PutUvarint(h.arr[h.n:], uint64(n))
}

// Of returns the key of b alone, without a kind: a content hash.
func Of(b []byte) Key { return sha256.Sum256(b) }
