package cache

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestHasherIsSHA256OfItsParts holds the Hasher to its definition: the
// SHA-256 of every part written with its length (ints as varints, keys as
// their 32 bytes), however the parts fall against its buffer — whether
// the key is hashed in one piece or in blocks, and whether a long string
// goes through the buffer in pieces. Keys written by an earlier lore are
// in caches and records: a change of the bytes is a change of every key.
func TestHasherIsSHA256OfItsParts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 3000 {
		h := NewHasher("kind")
		want := binary.AppendUvarint(nil, 4)
		want = append(want, "kind"...)
		for range rng.IntN(12) {
			switch rng.IntN(6) {
			case 0, 1:
				s := strings.Repeat(string(rune('a'+rng.IntN(26))), lengthFor(rng))
				h.String(s)
				want = binary.AppendUvarint(want, uint64(len(s)))
				want = append(want, s...)
			case 2:
				b := []byte(strings.Repeat("\x00\xff", lengthFor(rng)))
				h.Bytes(b)
				want = binary.AppendUvarint(want, uint64(len(b)))
				want = append(want, b...)
			case 3:
				n := rng.IntN(1<<20) - 1<<19
				h.Int(n)
				want = binary.AppendVarint(want, int64(n))
			case 4:
				var k Key
				for i := range k {
					k[i] = byte(rng.IntN(256))
				}
				h.Key(k)
				want = append(want, k[:]...)
			case 5:
				ss := []string{"x", strings.Repeat("y", lengthFor(rng))}
				h.Strings(ss)
				want = binary.AppendUvarint(want, 2)
				for _, s := range ss {
					want = binary.AppendUvarint(want, uint64(len(s)))
					want = append(want, s...)
				}
			}
		}
		if got, exp := h.Sum(), Key(sha256.Sum256(want)); got != exp {
			t.Fatalf("round %d: key %x, want the SHA-256 of the %d bytes of its parts %x", round, got, len(want), exp)
		}
		if again := h.Sum(); again != Key(sha256.Sum256(want)) {
			t.Fatalf("round %d: a second Sum gives another key", round)
		}
	}
}

// lengthFor returns a part's length: mostly short, sometimes around the
// buffer's size, sometimes several buffers long.
func lengthFor(rng *rand.Rand) int {
	switch rng.IntN(4) {
	case 0:
		return rng.IntN(8)
	case 1:
		return hasherBuf - 16 + rng.IntN(32)
	case 2:
		return rng.IntN(5 * hasherBuf)
	}
	return rng.IntN(64)
}
