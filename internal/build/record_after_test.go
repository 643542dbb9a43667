package build

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// recordAfter's paths are newRecord's, whatever the build removed, added
// or kept.
func TestRecordAfterIsNewRecord(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		prevFiles := map[string]recEntry{}
		for range rng.IntN(20) {
			prevFiles[fmt.Sprintf("f%02d", rng.IntN(30))] = recEntry{}
		}
		prev := newRecord(prevFiles)
		next := map[string]recEntry{}
		for _, p := range prev.paths {
			if rng.IntN(8) > 0 {
				next[p] = recEntry{}
			}
		}
		for range rng.IntN(3) {
			next[fmt.Sprintf("f%02d", rng.IntN(30))] = recEntry{}
		}
		removed := 0
		for _, p := range prev.paths {
			if _, ok := next[p]; !ok {
				removed++
			}
		}
		got, want := recordAfter(prev, next, removed), newRecord(next)
		if !slices.Equal(got.paths, want.paths) {
			t.Fatalf("prev %v, next %v: paths %v, want %v", prev.paths, want.paths, got.paths, want.paths)
		}
	}
}
