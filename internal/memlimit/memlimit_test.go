package memlimit

import "testing"

// TestLimit: the limit grows with the project and never falls below the
// floor.
func TestLimit(t *testing.T) {
	for _, c := range []struct {
		bytes int64
		want  int64
	}{
		{-1, floor}, {0, floor}, {1 << 20, floor},
		{36_500_000, floor},
		{50_000_000, base + 10*50_000_000},
		{66_000_000, base + 10*66_000_000},
	} {
		if got := Limit(c.bytes); got != c.want {
			t.Errorf("Limit(%d) = %d MiB, want %d MiB", c.bytes, got>>20, c.want>>20)
		}
	}
	if Limit(66_000_000) >= defaultLimit || Limit(90_000_000) <= defaultLimit {
		t.Error("the limit does not move around the former fixed default with the project's size")
	}
}
