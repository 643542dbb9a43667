package search

import (
	"slices"
	"testing"
)

// TestMarkEchoes checks that the repeated word of a reduplicating
// compound counts once, and a word the request says twice otherwise counts
// twice.
func TestMarkEchoes(t *testing.T) {
	for _, c := range []struct {
		text  string
		words []string
		want  []bool
	}{
		{"write end-to-end tests", []string{"write", "end", "to", "end", "tests"}, []bool{false, false, false, true, false}},
		{"Browser-End-to-End-Tests schreiben", []string{"browser", "end", "to", "end", "tests", "schreiben"}, []bool{false, false, false, true, false, false}},
		{"a step-by-step plan for each step", []string{"a", "step", "by", "step", "plan", "for", "each", "step"}, []bool{false, false, false, true, false, false, false, false}},
		{"test the tests, then test again", []string{"test", "the", "tests", "then", "test", "again"}, []bool{false, false, false, false, false, false}},
		{"a well-known known issue", []string{"a", "well", "known", "known", "issue"}, []bool{false, false, false, false, false}},
	} {
		ws := make([]qword, len(c.words))
		for i, w := range c.words {
			ws[i].raw = w
		}
		markEchoes(c.text, ws)
		got := make([]bool, len(ws))
		for i, w := range ws {
			got[i] = w.echo
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("markEchoes(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
