package hosts

import (
	"strings"
	"testing"
)

func TestSkillName(t *testing.T) {
	for in, want := range map[string]string{
		"embed-images":            "embed-images",
		"Embed_Images":            "embed-images",
		"kind.chart":              "kind-chart",
		"--a--b--":                "a-b",
		"___":                     "manual",
		"ÄÖÜ-x":                   "x",
		"v2.1_release":            "v2-1-release",
		strings.Repeat("ab-", 30): strings.TrimSuffix(strings.Repeat("ab-", 21), "-"),
	} {
		got := SkillName(in)
		if got != want || !ValidSkillName(got) {
			t.Errorf("SkillName(%q) = %q, want %q (valid: %v)", in, got, want, ValidSkillName(got))
		}
	}
}

// TestSkillNamesUnique: colliding names get distinct, stable suffixes;
// the name already valid keeps itself; order does not matter.
func TestSkillNamesUnique(t *testing.T) {
	a := SkillNames([]string{"kind_chart", "kind-chart", "Kind.Chart", "other"})
	b := SkillNames([]string{"other", "Kind.Chart", "kind-chart", "kind_chart"})
	seen := map[string]bool{}
	for k, v := range a {
		if b[k] != v {
			t.Errorf("%q maps to %q and %q depending on order", k, v, b[k])
		}
		if seen[v] || !ValidSkillName(v) {
			t.Errorf("%q → %q: duplicate or invalid", k, v)
		}
		seen[v] = true
	}
	if a["kind-chart"] != "kind-chart" || a["other"] != "other" || !strings.HasPrefix(a["kind_chart"], "kind-chart-") {
		t.Errorf("mapping %v", a)
	}
}
