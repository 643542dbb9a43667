package cache

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"
)

// Hasher computes a Key from parts. Every part is written with its length,
// so that ("ab", "c") and ("a", "bc") give different keys. Small parts are
// gathered in a buffer and hashed in blocks: keys of views are made of
// thousands of short parts.
type Hasher struct {
	h   hash.Hash
	buf []byte
	arr [hasherBuf]byte
}

// hasherBuf is the size of a Hasher's buffer.
const hasherBuf = 256

// NewHasher starts a key for values of kind (part of the key, so that two
// kinds of values never share one).
func NewHasher(kind string) *Hasher {
	h := &Hasher{h: sha256.New()}
	h.buf = h.arr[:0]
	return h.String(kind)
}

// write adds b to the buffer, hashing it when full (large parts directly).
func (h *Hasher) write(b []byte) {
	if len(h.buf)+len(b) > cap(h.buf) {
		h.flush()
		if len(b) > cap(h.buf)/2 {
			h.h.Write(b)
			return
		}
	}
	h.buf = append(h.buf, b...)
}

func (h *Hasher) flush() {
	h.h.Write(h.buf)
	h.buf = h.buf[:0]
}

// String adds s.
func (h *Hasher) String(s string) *Hasher {
	h.len(len(s))
	if len(h.buf)+len(s) <= cap(h.buf) {
		h.buf = append(h.buf, s...)
		return h
	}
	h.write([]byte(s))
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
	h.write(b)
	return h
}

// Int adds n.
func (h *Hasher) Int(n int) *Hasher {
	if cap(h.buf)-len(h.buf) < binary.MaxVarintLen64 {
		h.flush()
	}
	h.buf = binary.AppendVarint(h.buf, int64(n))
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
	h.write(k[:])
	return h
}

// Sum returns the key.
func (h *Hasher) Sum() Key {
	h.flush()
	var k Key
	h.h.Sum(k[:0])
	return k
}

func (h *Hasher) len(n int) {
	if cap(h.buf)-len(h.buf) < binary.MaxVarintLen64 {
		h.flush()
	}
	h.buf = binary.AppendUvarint(h.buf, uint64(n))
}

// Of returns the key of b alone, without a kind: a content hash.
func Of(b []byte) Key { return sha256.Sum256(b) }
