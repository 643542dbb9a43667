package hosts

import (
	"slices"
	"strings"
	"testing"

	"github.com/lorekit/lore/internal/hosts/profiles"
)

// TestLost: declared triggers are lost when they end after the cut; a
// cut inside a trigger loses it; without declared triggers the words of
// the "Use when" clause count, function words aside.
func TestLost(t *testing.T) {
	d := "Deploys. Use when: helm upgrade, kubectl rollout."
	if got := lost(d, len(d), []string{"helm upgrade"}); len(got) != 0 {
		t.Errorf("nothing cut: %v", got)
	}
	if got := lost(d, 34, []string{"helm upgrade", "kubectl", "absent"}); !slices.Equal(got, []string{"kubectl"}) {
		t.Errorf("cut inside kubectl: %v", got)
	}
	if got := lost(d, 25, nil); !slices.Equal(got, []string{"upgrade", "kubectl", "rollout"}) {
		t.Errorf("clause words: %v", got)
	}
	if got := lost("Use this when the user asks for a deploy.", 10, nil); !slices.Equal(got, []string{"deploy"}) {
		t.Errorf("function words: %v", got)
	}
	if got := lost("No clause here.", 0, nil); got != nil {
		t.Errorf("no clause: %v", got)
	}
}

// TestMeasureChain: a byte budget cuts the file that runs past it and
// loses the ones after; a per-file limit cuts, skips or warns.
func TestMeasureChain(t *testing.T) {
	id := func(s string) string { return s }
	c := profiles.Chain{Name: "A", MaxBytes: 10, Overflow: "cut"}
	ch := measure(c, ".", []string{"a", "b", "c"}, [][]byte{[]byte("12345"), []byte("67\n890123"), []byte("x")}, id)
	states := []string{ch.Files[0].State, ch.Files[1].State, ch.Files[2].State}
	if !slices.Equal(states, []string{Full, Cut, "lost"}) || ch.Files[1].Kept != 5 || ch.Files[1].CutLine != 2 || ch.Files[1].CutCol != 3 || !ch.Over || ch.Total != 15 {
		t.Errorf("%v kept %d at %d:%d", states, ch.Files[1].Kept, ch.Files[1].CutLine, ch.Files[1].CutCol)
	}
	for over, want := range map[string]string{"cut": Cut, "skip": "skipped", "warn": "warned"} {
		c := profiles.Chain{Name: "B", FileMaxChars: 3, Overflow: over}
		ch := measure(c, ".", []string{"a"}, [][]byte{[]byte("äöüß")}, id)
		if f := ch.Files[0]; f.State != want || ch.Unit != "chars" || f.Chars != 4 {
			t.Errorf("%s: %+v", over, f)
		}
	}
}

// TestBudgets: the budget follows the window, the percent and the unit;
// an unknown window falls back; no budget without one.
func TestBudgets(t *testing.T) {
	claude := profiles.Listing{Percent: 1, Unit: "chars", CharsPerToken: 4, Window: 200000, FallbackChars: 8000, Overflow: "drop-descriptions"}
	if b := listingBudget(claude, 0); b.limit != 8000 || b.tokens {
		t.Errorf("claude 200k: %+v", b)
	}
	if b := listingBudget(claude, 1000000); b.limit != 40000 {
		t.Errorf("claude 1M: %+v", b)
	}
	codex := profiles.Listing{Percent: 2, Unit: "tokens", CharsPerToken: 4, FallbackChars: 8000, Overflow: "shorten-then-omit"}
	if b := listingBudget(codex, 0); b.limit != 8000 || b.tokens {
		t.Errorf("codex unknown: %+v", b)
	}
	if b := listingBudget(codex, 272000); b.limit != 5440 || !b.tokens || b.cost(strings.Repeat("x", 7)) != 2 {
		t.Errorf("codex 272k: %+v", b)
	}
	if b := listingBudget(profiles.Listing{Overflow: "none", CharsPerToken: 4}, 0); b.limit != 0 {
		t.Errorf("none: %+v", b)
	}
}
