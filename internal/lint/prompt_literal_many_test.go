package lint

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/prompt/facts"
)

// uuids returns n UUID-looking values on one line, separated by spaces.
func uuids(n int) string {
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for range n {
		fmt.Fprintf(&b, "%08x-%04x-%04x-%04x-%012x ", r.Uint32(), r.Uint32()&0xffff, r.Uint32()&0xffff, r.Uint32()&0xffff, r.Uint64()&0xffffffffffff)
	}
	return b.String()
}

// The literals of a text are found in text order, each once, whatever
// their number.
func TestLiteralPerTurnManyInOrder(t *testing.T) {
	text := "Today is 2026-05-26 12:00:01 UTC.\n" + uuids(500) + "\nsess_8f3a9c2d1e and 2026-05-27 10:00"
	got := literalPerTurn(text)
	if len(got) != 503 {
		t.Fatalf("%d literals, want 503", len(got))
	}
	for i := 1; i < len(got); i++ {
		if got[i].off < got[i-1].end {
			t.Fatalf("literal %d (%d–%d) overlaps or precedes literal %d (%d–%d)", i, got[i].off, got[i].end, i-1, got[i-1].off, got[i-1].end)
		}
	}
	if got[0].kind != "timestamp" || got[501].kind != "session id" || got[502].kind != "timestamp" {
		t.Errorf("kinds %q, %q, %q", got[0].kind, got[501].kind, got[502].kind)
	}
}

// posCursor gives the positions posIn gives, going forwards and back,
// over lines and multi-byte characters.
func TestPosCursorAgreesWithPosIn(t *testing.T) {
	text := "ab\nçé x\n\n日本語 y z\nlast"
	c := newPosCursor("p.md", text, 3)
	offs := []int{0, 1, 3, 5, 9, 9, 10, 11, len(text), 4, 2, -1, len(text) + 5}
	for _, off := range offs {
		if got, want := c.pos(off), posIn("p.md", text, 3, off); got != want {
			t.Errorf("offset %d: %+v, posIn says %+v", off, got, want)
		}
	}
}

// One line of tens of thousands of UUIDs in a prompt (a 2 MiB line holds
// 56,000) is linted in time that grows with its length, not with its
// square: each literal's position was counted from the start of the text
// and each match compared with every literal before it. The test compares
// two sizes (8 times more UUIDs must not cost 32 times more), so the
// machine's speed does not matter.
func TestLiteralPerTurnScalesLinearly(t *testing.T) {
	if testing.Short() {
		t.Skip("lints 16,000 UUIDs")
	}
	cost := func(n int) time.Duration {
		text := uuids(n)
		in := &Input{Config: config.Default("."), Manuals: manual.Load(nil, nil), Prompts: &facts.Prompts{
			Dir:       "prompts",
			Files:     map[string][]byte{"prompts/arthur.md": []byte(text)},
			Templates: []*facts.Template{{Path: "prompts/arthur.md", Name: "identity", Text: text, Start: 1}},
		}}
		best := time.Duration(1 << 62)
		for range 3 {
			start := time.Now()
			found := 0
			for _, d := range Run(in) {
				if d.Rule == promptLiteralPerTurn.ID {
					found++
				}
			}
			best = min(best, time.Since(start))
			if found != n {
				t.Fatalf("%d UUIDs, %d findings", n, found)
			}
		}
		return best
	}
	small, large := cost(2000), cost(16000)
	if ratio := float64(large) / float64(small); ratio > 32 {
		t.Errorf("8 times the UUIDs cost %.0f times the time (%v against %v): quadratic", ratio, large, small)
	}
}
