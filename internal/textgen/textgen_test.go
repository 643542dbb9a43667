package textgen

import "testing"

func TestAllOnce(t *testing.T) {
	seen := map[string]int{}
	All([]byte("ab"), 3, func(text []byte) { seen[string(text)]++ })
	if len(seen) != 1+2+4+8 {
		t.Fatalf("%d texts, want 15: %v", len(seen), seen)
	}
	for s, n := range seen {
		if n != 1 || len(s) > 3 {
			t.Errorf("%q seen %d times", s, n)
		}
	}
}
