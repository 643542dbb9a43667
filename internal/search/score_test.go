package search

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestTopKeepsEveryDocument checks that top returns the k best in order and
// keeps every document of the slice (a later call over all of it, as rank
// makes when the defensive visibility check drops candidates, sees them
// all).
func TestTopKeepsEveryDocument(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 60; n++ {
		for _, k := range []int{1, 2, 5, 10, 100} {
			rs := make([]ranked, n)
			for i := range rs {
				rs[i] = ranked{num: uint64(i), ord: uint32(i), total: float64(r.IntN(7))}
			}
			want := slices.Clone(rs)
			slices.SortFunc(want, cmpRanked)
			got := top(rs, k)
			if len(got) != min(k, n) || !slices.Equal(got, want[:len(got)]) {
				t.Fatalf("n=%d k=%d: top = %v, want %v", n, k, got, want[:min(k, n)])
			}
			nums := make([]uint64, len(rs))
			for i, d := range rs {
				nums[i] = d.num
			}
			slices.Sort(nums)
			for i, v := range nums {
				if v != uint64(i) {
					t.Fatalf("n=%d k=%d: documents lost or duplicated: %v", n, k, nums)
				}
			}
		}
	}
}

func TestWithinWord(t *testing.T) {
	words := map[string]bool{"ground": true, "flow": true, "script": true, "space": true, "point": true, "shot": true,
		"python": true, "context": true, "test": true, "testing": true}
	isWord := func(s string) bool { return words[s] }
	for _, tc := range []struct {
		stem, term string
		want       bool
	}{
		{"postgr", "postgresql", true},
		{"work", "worker", true},
		{"admin", "administr", true},
		{"react", "react18", true},
		{"owner", "ownership", true},
		{"back", "background", false},
		{"work", "workflow", false},
		{"work", "workspac", false}, // workspace, stemmed
		{"java", "javascript", false},
		{"screen", "screenshot", false},
		{"test", "tests.ps1", false},
		{"model", "model_search", false},
		// An identifier of two words, after the final e the stem lost
		// (feature → featur) or with more letters after the second.
		{"featur", "featurepython", false},
		{"creat", "createcontext", false},
		{"creat", "createtestingpinia", false},
		{"creat", "creation", true},
		// A common English word that a short stem begins is another word
		// unless the rest is an ending (repo → report, plan → planet).
		{"repo", "report", false},
		{"plan", "planet", false},
		{"mode", "model", false},
		{"intern", "internet", false},
		{"chart", "charts", true},
		{"test", "tester", true},
	} {
		if got := withinWord(tc.stem, tc.term, isWord); got != tc.want {
			t.Errorf("withinWord(%s, %s) = %v, want %v", tc.stem, tc.term, got, tc.want)
		}
	}
}
