package diag

import (
	"cmp"
	"slices"
)

// Fix is the exact, safe replacement that resolves a finding: edits of the
// finding's file (Pos.File), as the file was when it was checked.
type Fix struct {
	// Title says what the fix does ("unquote the value").
	Title string
	Edits []Edit
}

// Edit replaces the bytes [Start, End) of a file with New.
type Edit struct {
	Start, End int
	New        string
}

// ApplyFixes applies fixes to src, each whole or not at all: a fix whose
// edits overlap those of a fix taken before it (in order of their first
// edit) or lie outside src is left for the next run. It returns the new
// text and how many of the fixes were applied; a fix identical to an
// applied one counts as applied.
func ApplyFixes(src []byte, fixes []*Fix) ([]byte, int) {
	fs := slices.DeleteFunc(slices.Clone(fixes), func(f *Fix) bool { return f == nil || len(f.Edits) == 0 })
	slices.SortStableFunc(fs, func(a, b *Fix) int { return compareEdit(a.Edits[0], b.Edits[0]) })
	var taken []Edit
	n := 0
	for _, f := range fs {
		if !valid(f.Edits, len(src)) {
			continue
		}
		if overlaps(f.Edits, taken) {
			if containsAll(taken, f.Edits) {
				n++
			}
			continue
		}
		taken = append(taken, f.Edits...)
		n++
	}
	slices.SortStableFunc(taken, compareEdit)
	var out []byte
	last := 0
	for _, e := range taken {
		out = append(out, src[last:e.Start]...)
		out = append(out, e.New...)
		last = e.End
	}
	return append(out, src[last:]...), n
}

func compareEdit(a, b Edit) int {
	return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
}

// valid reports whether edits lie inside a text of n bytes and do not
// overlap each other.
func valid(edits []Edit, n int) bool {
	for i, e := range edits {
		if e.Start < 0 || e.End < e.Start || e.End > n || overlaps(edits[i+1:], edits[i:i+1]) {
			return false
		}
	}
	return true
}

// overlaps reports whether an edit of a overlaps one of b; two edits at
// the same offset overlap.
func overlaps(a, b []Edit) bool {
	for _, x := range a {
		for _, y := range b {
			if x.Start < y.End && y.Start < x.End || x.Start == y.Start {
				return true
			}
		}
	}
	return false
}

func containsAll(set, es []Edit) bool {
	for _, e := range es {
		if !slices.Contains(set, e) {
			return false
		}
	}
	return true
}
