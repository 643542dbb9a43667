package tokens

import (
	"fmt"
	"strings"
	"testing"
)

// Every token of the map is found with its rank; strings that differ from
// a token by a byte, a length or a tail are not found.
func TestRankTableFindsExactlyTheTokens(t *testing.T) {
	ranks := map[string]uint32{}
	for i := range 5000 {
		ranks[fmt.Sprintf("tok%d", i)] = uint32(i)
		ranks[fmt.Sprintf("a long token number %d with a tail", i)] = uint32(10000 + i)
	}
	for b := range 256 {
		ranks[string([]byte{byte(b)})] = uint32(20000 + b)
	}
	ranks["\x00\x00"] = 30000
	ranks["12345678"] = 30001
	ranks["123456789"] = 30002
	ranks[strings.Repeat("x", maxTableToken)] = 30003
	tokens := make([]string, 30004)
	for tok, r := range ranks {
		tokens[r] = tok
	}
	for r := range tokens {
		if tokens[r] == "" { // ranks no token has: fill with strings the test does not look up
			tokens[r] = fmt.Sprintf("filler %d", r)
		}
	}
	table, err := newRankTable(tokens)
	if err != nil {
		t.Fatal(err)
	}
	for tok, r := range ranks {
		if got := table.rank(tok); got != r {
			t.Fatalf("rank(%q) = %d, want %d", tok, got, r)
		}
	}
	for _, s := range []string{
		"", "\x00", "\x00\x00\x00", "tok", "tok5000", "Tok1", "tok1 ", "1234567", "123456780",
		"12345678\x00", "a long token number 1 with a tail!", "a long token number 1 with a tajl",
		"a long token number 1 with b tail", strings.Repeat("x", maxTableToken+1), strings.Repeat("x", maxTableToken-1),
	} {
		if r, ok := ranks[s]; ok {
			if table.rank(s) != r {
				t.Errorf("rank(%q) = %d, want %d", s, table.rank(s), r)
			}
		} else if got := table.rank(s); got != noRank {
			t.Errorf("rank(%q) = %d, want no rank", s, got)
		}
	}
}

func TestRankTableRefusesTokensItCannotHold(t *testing.T) {
	for _, tokens := range [][]string{
		{"a", ""},
		{"a", strings.Repeat("y", maxTableToken+1)},
		{"a", "b", "a"},
		{"a long token", "b", "a long token"},
	} {
		if _, err := newRankTable(tokens); err == nil {
			t.Errorf("%q was accepted", tokens)
		}
	}
}

// head packs the first 8 bytes of any string little-endian, zero-padded.
func TestHead(t *testing.T) {
	for n := range 12 {
		s := "\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b"[:n]
		var want uint64
		for i := 0; i < min(n, 8); i++ {
			want |= uint64(s[i]) << (8 * i)
		}
		if got := head(s); got != want {
			t.Errorf("head(%q) = %#x, want %#x", s, got, want)
		}
	}
}
