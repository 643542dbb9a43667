package diag

import "testing"

func TestApplyFixes(t *testing.T) {
	src := []byte("abcdef")
	fixes := []*Fix{
		{Edits: []Edit{{Start: 4, End: 6, New: "EF"}}},
		{Edits: []Edit{{Start: 0, End: 1, New: "A"}, {Start: 2, End: 3, New: "C"}}},
		{Edits: []Edit{{Start: 2, End: 4, New: "xx"}}},           // overlaps the second: left for the next run
		{Edits: []Edit{{Start: 4, End: 6, New: "EF"}}},           // identical to the first: counts
		{Edits: []Edit{{Start: 5, End: 9, New: "out of range"}}}, // outside src
		nil,
	}
	got, n := ApplyFixes(src, fixes)
	if string(got) != "AbCdEF" || n != 3 {
		t.Errorf("ApplyFixes = %q, %d; want \"AbCdEF\", 3", got, n)
	}
	if string(src) != "abcdef" {
		t.Errorf("src changed: %q", src)
	}
	if got, n := ApplyFixes(src, nil); string(got) != "abcdef" || n != 0 {
		t.Errorf("no fixes: %q, %d", got, n)
	}
}
