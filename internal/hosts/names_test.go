package hosts

import (
	"strings"
	"testing"

	"github.com/lorekit/lore/internal/manual"
)

// TestSkillNamesUnique: colliding names get distinct, stable suffixes;
// the name already valid keeps itself; order does not matter.
func TestSkillNamesUnique(t *testing.T) {
	a := skillNames([]string{"kind_chart", "kind-chart", "Kind.Chart", "other"})
	b := skillNames([]string{"other", "Kind.Chart", "kind-chart", "kind_chart"})
	seen := map[string]bool{}
	for k, v := range a {
		if b[k] != v {
			t.Errorf("%q maps to %q and %q depending on order", k, v, b[k])
		}
		if seen[v] || !manual.ValidSkillName(v) {
			t.Errorf("%q → %q: duplicate or invalid", k, v)
		}
		seen[v] = true
	}
	if a["kind-chart"] != "kind-chart" || a["other"] != "other" || !strings.HasPrefix(a["kind_chart"], "kind-chart-") {
		t.Errorf("mapping %v", a)
	}
}
