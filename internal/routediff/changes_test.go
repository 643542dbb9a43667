package routediff

import (
	"slices"
	"testing"

	"github.com/lorekit/lore/internal/capability"
)

func TestMergePutsRoutesAfterTheirManualsChanges(t *testing.T) {
	c := func(m string, k capability.Kind) capability.Change { return capability.Change{Manual: m, Kind: k} }
	cs := []capability.Change{c("a.md", capability.Manual), c("a.md", capability.Tool), c("c.md", capability.Host)}
	rs := []capability.Change{c("a.md", capability.Route), c("b.md", capability.Route), c("d.md", capability.Route)}
	got := Merge(cs, rs)
	want := []capability.Change{c("a.md", capability.Manual), c("a.md", capability.Tool), c("a.md", capability.Route),
		c("b.md", capability.Route), c("c.md", capability.Host), c("d.md", capability.Route)}
	if !slices.Equal(got, want) {
		t.Errorf("Merge = %v\nwant %v", got, want)
	}
}
