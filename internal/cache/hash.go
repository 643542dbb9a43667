package cache

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"
)

// Hasher computes a Key from parts. Every part is written with its length,
// so that ("ab", "c") and ("a", "bc") give different keys.
type Hasher struct {
	h   hash.Hash
	buf [binary.MaxVarintLen64]byte
}

// NewHasher starts a key for values of kind (part of the key, so that two
// kinds of values never share one).
func NewHasher(kind string) *Hasher {
	h := &Hasher{h: sha256.New()}
	return h.String(kind)
}

// String adds s.
func (h *Hasher) String(s string) *Hasher {
	h.len(len(s))
	h.h.Write([]byte(s))
	return h
}

// Strings adds the strings of ss, and their number.
func (h *Hasher) Strings(ss []string) *Hasher {
	h.len(len(ss))
	for _, s := range ss {
		h.String(s)
	}
	return h
}

// Bytes adds b.
func (h *Hasher) Bytes(b []byte) *Hasher {
	h.len(len(b))
	h.h.Write(b)
	return h
}

// Int adds n.
func (h *Hasher) Int(n int) *Hasher {
	w := binary.PutVarint(h.buf[:], int64(n))
	h.h.Write(h.buf[:w])
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
	h.h.Write(k[:])
	return h
}

// Sum returns the key.
func (h *Hasher) Sum() Key {
	var k Key
	h.h.Sum(k[:0])
	return k
}

func (h *Hasher) len(n int) {
	w := binary.PutUvarint(h.buf[:], uint64(n))
	h.h.Write(h.buf[:w])
}

// Of returns the key of b alone, without a kind: a content hash.
func Of(b []byte) Key { return sha256.Sum256(b) }
