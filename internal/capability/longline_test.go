package capability

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestAllLongLine computes the surface of a manual of one 1.9 MB line
// holding 60,000 links, each a host with its position: counting each
// position's column from the line's start took 105 s (lore build, lore
// lock, lore diff). The watchdog catches that long before the test
// binary's timeout; one pass over the line takes about a second.
func TestAllLongLine(t *testing.T) {
	var b strings.Builder
	b.WriteString("---\ntriggers: a, b\nsummary: Links.\n---\n# Links\n\n")
	for i := range 60_000 {
		fmt.Fprintf(&b, "[a](https://x%d.example.com) ", i)
	}
	_, set := project(t, map[string]string{"p/manuals/links.md": b.String() + "\n"})
	done := make(chan []Surface)
	go func() { done <- All(set, Options{}) }()
	select {
	case s := <-done:
		hosts := 0
		for _, f := range s[0].Facts {
			if f.Kind == Host {
				hosts++
				if f.Pos.Line != 7 || f.Pos.Col < 1 {
					t.Fatalf("host %s at %d:%d, want line 7", f.Value, f.Pos.Line, f.Pos.Col)
				}
			}
		}
		if hosts != 60_000 {
			t.Errorf("%d hosts, want 60000", hosts)
		}
	case <-time.After(time.Minute):
		t.Fatal("the surface of one long line of links took more than a minute")
	}
}
