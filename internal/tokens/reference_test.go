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
	e, err := encodings[enc]()
	if err != nil {
		tb.Fatal(err)
	}
	return e.count(s)
}

// sameCount fails tb when this package and tiktoken-go count s
// differently, naming the shortest line of s that differs too when there
// is one.
func sameCount(tb testing.TB, enc, name, s string) bool {
	tb.Helper()
	g, w := got(tb, enc, s), want(tb, enc, s)
	if g == w {
		return true
	}
	where := ""
	var bad string
	for line := range strings.Lines(s) {
		if got(tb, enc, line) != want(tb, enc, line) && (bad == "" || len(line) < len(bad)) {
			bad = line
		}
	}
	if bad != "" {
		where = "; the line " + quoteShort(bad) + " differs alone"
	}
	tb.Errorf("%s, %s: %d tokens, tiktoken-go counts %d%s", enc, name, g, w, where)
	return false
}

func quoteShort(s string) string {
	if len(s) > 200 {
		return fmt.Sprintf("%q…", s[:200])
	}
	return fmt.Sprintf("%q", s)
}
