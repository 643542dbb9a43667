package tokens

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/tiktoken-go/tokenizer"
)

// fastEncodings are the encodings counted without tiktoken-go's splitter.
var fastEncodings = []string{"o200k_base", "cl100k_base"}

// referenceCodecs returns tiktoken-go's codec for an encoding: the
// reference the counts must equal.
var referenceCodecs = sync.OnceValue(func() map[string]tokenizer.Codec {
	m := map[string]tokenizer.Codec{}
	for _, name := range fastEncodings {
		c, err := tokenizer.Get(tokenizer.Encoding(name))
		if err != nil {
			panic(err)
		}
		m[name] = c
	}
	return m
})

// want returns tiktoken-go's count of s.
func want(tb testing.TB, enc, s string) int {
	tb.Helper()
	n, err := referenceCodecs()[enc].Count(s)
	if err != nil {
		tb.Fatalf("tiktoken-go %s: %v", enc, err)
	}
	return n
}

// got returns this package's count of s, without the cache.
func got(tb testing.TB, enc, s string) int {
	tb.Helper()
	e, err := encodings[enc].load(nil)
	if err != nil {
		tb.Fatal(err)
	}
	return e.count(s)
}

// sameCount fails tb unless this package's pre-tokens and counts line up
// with tiktoken-go's tokens of s: every pre-token ends where one of its
// tokens ends and holds as many of them as this package counts. That is
// stronger than equal totals, and names the first place that differs.
func sameCount(tb testing.TB, enc, name, s string) bool {
	tb.Helper()
	if msg := alignWithTiktoken(tb, enc, s); msg != "" {
		tb.Errorf("%s, %s: %s", enc, name, msg)
		return false
	}
	return true
}

// alignWithTiktoken returns where s's pre-tokens and counts depart from
// tiktoken-go's tokens, or "".
func alignWithTiktoken(tb testing.TB, enc, s string) string {
	tb.Helper()
	e, err := encodings[enc].load(nil)
	if err != nil {
		tb.Fatal(err)
	}
	return align(tb, enc, e, s)
}

// align is alignWithTiktoken for encoding e, which counts like enc.
func align(tb testing.TB, enc string, e *encoding, s string) string {
	tb.Helper()
	_, toks, err := referenceCodecs()[enc].Encode(s)
	if err != nil {
		tb.Fatalf("tiktoken-go %s: %v", enc, err)
	}
	k, end := 0, 0 // the next token and where it starts
	for i := 0; i < len(s); {
		j := e.split(e.classes, s, i)
		if j == i { // no pre-token: tiktoken-go skips the rune too
			_, w := e.classes.at(s, i)
			i += w
			end = i
			continue
		}
		n := 0
		for end < j && k < len(toks) {
			end += len(toks[k])
			k++
			n++
		}
		switch {
		case end != j:
			return fmt.Sprintf("pre-token %s at byte %d ends inside or after tiktoken-go's tokens %s", quoteShort(s[i:j]), i, quoteShort(strings.Join(toks[max(0, k-3):k], "|")))
		case n != e.vocab.count(s[i:j]):
			return fmt.Sprintf("pre-token %s at byte %d: %d tokens, tiktoken-go has %d: %s", quoteShort(s[i:j]), i, e.vocab.count(s[i:j]), n, quoteShort(strings.Join(toks[k-n:k], "|")))
		}
		i = j
	}
	if k != len(toks) {
		return fmt.Sprintf("tiktoken-go has %d more tokens after the text ends: %s", len(toks)-k, quoteShort(strings.Join(toks[k:], "|")))
	}
	return ""
}

func quoteShort(s string) string {
	if len(s) > 200 {
		return fmt.Sprintf("%q…", s[:200])
	}
	return fmt.Sprintf("%q", s)
}

// The alignment notices a splitter that splits elsewhere, a count that
// differs and a text cut short.
func TestAlignmentNoticesDifferences(t *testing.T) {
	e, err := encodings["o200k_base"].load(nil)
	if err != nil {
		t.Fatal(err)
	}
	if msg := align(t, "o200k_base", e, "Hello, world!\n"); msg != "" {
		t.Fatalf("the real encoding does not line up: %s", msg)
	}
	bytewise := *e
	bytewise.split = func(_ *classTable, s string, i int) int { return i + 1 }
	shifted := *e
	shifted.split = func(t *classTable, s string, i int) int { return min(splitO200k(t, s, i)+1, len(s)) }
	firstWordOnly := *e
	firstWordOnly.split = func(t *classTable, s string, i int) int {
		if i > 0 {
			return i // nothing after the first pre-token
		}
		return splitO200k(t, s, i)
	}
	for name, wrong := range map[string]*encoding{"bytewise": &bytewise, "shifted": &shifted} {
		if msg := align(t, "o200k_base", wrong, "a    b\n\n  c 12345"); msg == "" {
			t.Errorf("a %s splitter lines up with tiktoken-go", name)
		}
	}
	if msg := align(t, "o200k_base", &firstWordOnly, "Hello, world"); !strings.Contains(msg, "more tokens") {
		t.Errorf("a splitter that stops early: %q", msg)
	}
}
