package tokens

import (
	"fmt"

	"github.com/tiktoken-go/tokenizer"
)

// A vocabulary maps the byte strings of an encoding's tokens to their
// ranks (their ids: byte-pair encoding merges the lowest rank first).
type vocabulary struct {
	ranks *rankTable
	pairs []uint32 // pairs[a<<8|b]: the rank of the two-byte token ab
}

// vocabularyRoom is the number of tokens vocabularyTokens makes room for
// before it reads them: o200k_base has 199,998 (a larger vocabulary only
// grows the list).
const vocabularyRoom = 200_000

// vocabularyTokens reads the tokens out of tiktoken-go's codec through
// its exported API, in rank order: token id k decodes to the token of
// rank k, and the ids are dense from 0 (the first id that does not decode
// ends them).
func vocabularyTokens(codec tokenizer.Codec) []string {
	// Room for the largest vocabulary lore knows (o200k_base) at once: a
	// slice of 200,000 strings grown by append was copied, with the
	// collector's write barriers, for 40 % of the load.
	tokens := make([]string, 0, vocabularyRoom)
	for id := uint(0); ; id++ {
		s, err := codec.Decode([]uint{id})
		if err != nil || s == "" {
			break
		}
		tokens = append(tokens, s)
	}
	return tokens
}

// newVocabulary makes the vocabulary of the encoding name whose token of
// rank r is tokens[r]: every byte must be a token, no two tokens alike.
func newVocabulary(name string, tokens []string) (*vocabulary, error) {
	table, err := newRankTable(tokens)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	v := &vocabulary{ranks: table, pairs: make([]uint32, 1<<16)}
	for i := range v.pairs {
		v.pairs[i] = noRank
	}
	for r, s := range tokens {
		if len(s) == 2 {
			v.pairs[int(s[0])<<8|int(s[1])] = uint32(r)
		}
	}
	for b := range 256 {
		if table.rank(string([]byte{byte(b)})) == noRank {
			return nil, fmt.Errorf("%s: byte %#x is not a token", name, b)
		}
	}
	return v, nil
}

// rank returns the rank of token s, or noRank.
func (v *vocabulary) rank(s string) uint32 { return v.ranks.rank(s) }

// pair returns the rank of the two-byte token ab, or noRank.
func (v *vocabulary) pair(a, b byte) uint32 { return v.pairs[int(a)<<8|int(b)] }

// count returns the number of tokens of piece.
func (v *vocabulary) count(piece string) int {
	switch len(piece) {
	case 1: // every byte is a token
		return 1
	case 2:
		if v.pair(piece[0], piece[1]) != noRank {
			return 1
		}
		return 2
	}
	if v.ranks.rank(piece) != noRank {
		return 1
	}
	return v.mergeCount(piece)
}
