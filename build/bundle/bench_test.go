package bundle

import (
	"fmt"
	"strings"
	"testing"
)

// sixLayers is a realistic stack: an engine prompt of ten blocks (about
// 6 KB) and six editable layers, each with identity or rules and a few
// guardrails.
func sixLayers() Stack {
	seed := seedLayer()
	for i := range 6 {
		seed.Blocks = append(seed.Blocks, Block{Name: fmt.Sprintf("section-%d", i), Priority: 500 + i,
			Text: strings.Repeat(fmt.Sprintf("Line %d of a section that explains when to load which manual.\n", i), 12), Source: "prompts/arthur.md"})
	}
	s := Stack{Layers: []Layer{seed}, Roles: []string{"reviewer"}}
	for i, l := range []Layer{layer(Shared, ""), layer(Project, ""), layer(Surface, "chat"), layer(Bot, "support"), layer(Chat, "ops"), layer(Agent, "reviewer")} {
		l.Blocks = []Block{
			{Name: Guardrails, Text: fmt.Sprintf("- Never do thing %d.\n- Never do the shared thing.\n  It matters.\n- Cite sources for claim %d.", i, i)},
			{Name: []string{Identity, OperatingRules}[i%2], Text: fmt.Sprintf("Layer %d says who you are and how you work, in two sentences. Be brief.", i)},
			{Name: SurfaceNote, Text: fmt.Sprintf("Note from layer %d.", i)},
		}
		s.Layers = append(s.Layers, l)
	}
	return s
}

// BenchmarkCompose6Layers is the target: Compose of a six-layer
// stack in ≤ 50 µs.
func BenchmarkCompose6Layers(b *testing.B) {
	s := sixLayers()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compose(s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBake6Layers adds rendering, digests and descriptors (no token
// counting).
func BenchmarkBake6Layers(b *testing.B) {
	s := sixLayers()
	m := testMeta()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Bake(m, s, nil); err != nil {
			b.Fatal(err)
		}
	}
}
