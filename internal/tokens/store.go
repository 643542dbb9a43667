package tokens

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
)

// A Store keeps the vocabularies of encodings between processes: lore's
// build cache, which only lore on this machine writes and which checks
// what it reads. Loading o200k_base from tiktoken-go (its vocabulary
// literal, one Decode per token) was a third of the CPU of a small
// project's build; read back from a Store it is the rank table's making
// alone. Get and Put may be called from any goroutine.
type Store interface {
	// Get returns the bytes Put kept for the encoding.
	Get(encoding string) ([]byte, bool)
	// Put keeps b for the encoding.
	Put(encoding string, b []byte)
}

// storeMagic starts a stored vocabulary (storeTokens).
const storeMagic = "lore.tokens/1\x00"

// maxStoredTokens bounds the token count a stored vocabulary may claim
// before its lengths are read.
const maxStoredTokens = 1 << 22

// storeTokens encodes the tokens of the encoding name, in rank order: the
// magic, the name and a NUL, the number of tokens and each one's length
// (uvarints), the tokens one after another, and the SHA-256 of all that.
func storeTokens(name string, tokens []string) []byte {
	n := 0
	for _, t := range tokens {
		n += len(t)
	}
	b := make([]byte, 0, len(storeMagic)+len(name)+1+binary.MaxVarintLen64*(len(tokens)+1)+n+sha256.Size)
	b = append(b, storeMagic...)
	b = append(append(b, name...), 0)
	b = binary.AppendUvarint(b, uint64(len(tokens)))
	for _, t := range tokens {
		b = binary.AppendUvarint(b, uint64(len(t)))
	}
	for _, t := range tokens {
		b = append(b, t...)
	}
	sum := sha256.Sum256(b)
	return append(b, sum[:]...)
}

var errStored = errors.New("not a stored vocabulary")

// storedTokens decodes what storeTokens wrote for the encoding name. The
// tokens share one string. Anything else, a damaged or truncated copy
// or another encoding's, is an error.
func storedTokens(name string, b []byte) ([]string, error) {
	if len(b) < sha256.Size {
		return nil, errStored
	}
	body, sum := b[:len(b)-sha256.Size], b[len(b)-sha256.Size:]
	if want := sha256.Sum256(body); string(sum) != string(want[:]) {
		return nil, errStored
	}
	head := storeMagic + name + "\x00"
	if len(body) < len(head) || string(body[:len(head)]) != head {
		return nil, errStored
	}
	rest := body[len(head):]
	count, w := binary.Uvarint(rest)
	if w <= 0 || count == 0 || count > maxStoredTokens {
		return nil, errStored
	}
	rest = rest[w:]
	lens := make([]int, count)
	total := 0
	for i := range lens {
		l, w := binary.Uvarint(rest)
		if w <= 0 || l == 0 || l > maxTableToken {
			return nil, errStored
		}
		lens[i], total, rest = int(l), total+int(l), rest[w:]
	}
	if total != len(rest) {
		return nil, fmt.Errorf("%w: %d token bytes, %d stored", errStored, total, len(rest))
	}
	all := string(rest)
	tokens := make([]string, count)
	off := 0
	for i, l := range lens {
		tokens[i] = all[off : off+l]
		off += l
	}
	return tokens, nil
}
