package lint

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

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

// One line of 16,000 UUIDs in a prompt (a 2 MiB line holds 56,000) gets
// one prompt/literal-per-turn finding per UUID. How the time grows with
// the line (each literal's position was counted from the start of the
// text and each match compared with every literal before it: quadratic)
// is BenchmarkLiteralPerTurnMany's to show, at 2,000 and 16,000.
func TestLiteralPerTurnManyUUIDs(t *testing.T) {
	if found := literalFindings(uuidPrompt(16000)); found != 16000 {
		t.Fatalf("16000 UUIDs, %d findings", found)
	}
}

func BenchmarkLiteralPerTurnMany(b *testing.B) {
	for _, n := range []int{2000, 16000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			in := uuidPrompt(n)
			for b.Loop() {
				literalFindings(in)
			}
		})
	}
}

// uuidPrompt is a project whose one prompt is one line of n UUIDs.
func uuidPrompt(n int) *Input {
	text := uuids(n)
	return &Input{Config: config.Default("."), Manuals: manual.Load(nil, nil), Prompts: &facts.Prompts{
		Dir:       "prompts",
		Files:     map[string][]byte{"prompts/arthur.md": []byte(text)},
		Templates: []*facts.Template{{Path: "prompts/arthur.md", Name: "identity", Text: text, Start: 1}},
	}}
}

// literalFindings counts the prompt/literal-per-turn findings of in.
func literalFindings(in *Input) int {
	found := 0
	for _, d := range Run(in) {
		if d.Rule == promptLiteralPerTurn.ID {
			found++
		}
	}
	return found
}
