package bundle

import (
	"runtime"
	"strings"
	"testing"
)

// Sealing a bundle whose prefix is long (a prompt file may hold 2 MiB,
// and every bundle of its engine carries it) hashes each field as it is
// encoded: it allocates the JSON encoding and its decoding (8 times the
// prefix), not the canonical encoding again as a buffer, a string and a
// byte slice (old code: 12 times).
func TestSealAllocatesLinearly(t *testing.T) {
	const size = 2 << 20
	b := &Bundle{Schema: Schema, ID: "a.default.anthropic", Prefix: strings.Repeat("word ", size/5)}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	b.Seal()
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 10*size {
		t.Errorf("sealing a %d-byte prefix allocated %d bytes (%.1f times), want at most 10 times", size, got, float64(got)/size)
	}
	if b.BundleSHA256 == "" || b.FieldSHA256["prefix"] == "" {
		t.Fatal("not sealed")
	}
}
