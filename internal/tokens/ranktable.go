package tokens

import (
	"fmt"
	"math/bits"
	"strings"
)

// A rankTable maps token bytes to ranks: open addressing with linear
// probing over 16-byte slots that hold a token's first 8 bytes, so that a
// lookup of a short piece touches one slot and no other memory. Bytes past
// the eighth are kept in one string and compared there.
type rankTable struct {
	slots  []slot
	shift  uint   // 64 - log2(len(slots))
	tails  string // bytes 8… of the long tokens, one after another
	maxLen int    // the longest token; longer pieces are no token
}

type slot struct {
	head uint64 // bytes 0…7, little-endian, zero-padded
	rank uint32
	ext  uint32 // length<<24 | offset of bytes 8… in tails; 0 marks an empty slot
}

const (
	maxTableToken = 1<<8 - 1  // longest token the table holds
	maxTailsLen   = 1<<24 - 1 // most tail bytes the table holds
)

// newRankTable builds the table of tokens, the rank of tokens[r] being r.
func newRankTable(tokens []string) (*rankTable, error) {
	if uint64(len(tokens)) >= noRank {
		return nil, fmt.Errorf("%d tokens", len(tokens))
	}
	size := 1 << bits.Len(uint(len(tokens))*2) // load at most ½
	t := &rankTable{slots: make([]slot, size), shift: uint(64 - bits.Len(uint(size-1)))}
	offsets := make([]int, len(tokens))
	var tails strings.Builder
	for rank, tok := range tokens {
		n := len(tok)
		if n == 0 || n > maxTableToken {
			return nil, fmt.Errorf("token %d has %d bytes", rank, n)
		}
		t.maxLen = max(t.maxLen, n)
		if n > 8 {
			offsets[rank] = tails.Len()
			tails.WriteString(tok[8:])
		}
	}
	if tails.Len() > maxTailsLen {
		return nil, fmt.Errorf("tokens longer than 8 bytes hold over %d bytes", maxTailsLen)
	}
	t.tails = tails.String()
	mask := uint64(len(t.slots) - 1)
	for rank, tok := range tokens {
		h := head(tok)
		i := t.hash(tok)
		for ; t.slots[i].ext != 0; i = (i + 1) & mask {
			if sl := t.slots[i]; sl.head == h && t.equal(sl, tok) {
				return nil, fmt.Errorf("tokens %d and %d are both %q", sl.rank, rank, tok)
			}
		}
		t.slots[i] = slot{head: h, rank: uint32(rank), ext: uint32(len(tok))<<24 | uint32(offsets[rank])}
	}
	return t, nil
}

// rank returns the rank of token s, or noRank.
func (t *rankTable) rank(s string) uint32 {
	n := len(s)
	if n == 0 || n > t.maxLen {
		return noRank
	}
	h := head(s)
	mask := uint64(len(t.slots) - 1)
	for i := t.hash(s); ; i = (i + 1) & mask {
		sl := &t.slots[i]
		if sl.ext == 0 {
			return noRank
		}
		if sl.head == h && t.equal(*sl, s) {
			return sl.rank
		}
	}
}

// equal reports whether the token in sl, whose head equals s's, is s.
func (t *rankTable) equal(sl slot, s string) bool {
	n := len(s)
	if int(sl.ext>>24) != n {
		return false
	}
	off := int(sl.ext & maxTailsLen)
	return n <= 8 || t.tails[off:off+n-8] == s[8:]
}

// hash returns the first slot to probe for s (1 ≤ len(s)).
func (t *rankTable) hash(s string) uint64 {
	x := head(s) ^ uint64(len(s))<<56
	if len(s) > 8 {
		x ^= bits.RotateLeft64(le64(s[len(s)-8:]), 31) * 0xff51afd7ed558ccd
	}
	return (x * 0x9e3779b97f4a7c15) >> t.shift
}

// head returns the first 8 bytes of s, little-endian, zero-padded.
func head(s string) uint64 {
	switch n := len(s); {
	case n >= 8:
		return le64(s)
	case n >= 4:
		// Two overlapping 4-byte loads put every byte at its place.
		return uint64(le32(s)) | uint64(le32(s[n-4:]))<<((n-4)*8)
	case n > 0:
		return uint64(s[0]) | uint64(s[n/2])<<(n/2*8) | uint64(s[n-1])<<((n-1)*8)
	}
	return 0
}

func le64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func le32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}
