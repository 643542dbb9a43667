package site

import (
	"strings"
	"testing"
)

func nodes(names ...string) []graphNode {
	var out []graphNode
	for _, n := range names {
		out = append(out, graphNode{Name: n, URL: ManualURL(n, 0)})
	}
	return out
}

func TestLayoutLayers(t *testing.T) {
	// a → b → c, a → c (long edge), c → a (cycle), d alone, e → missing.
	l := layoutGraph(nodes("a", "b", "c", "d", "e"), []graphEdge{{"a", "b"}, {"b", "c"}, {"a", "c"}, {"c", "a"}, {"e", "missing"}, {"b", "b"}})
	if len(l.nodes) != 3 {
		t.Fatalf("nodes in the drawing: %v, want a, b, c", l.nodes)
	}
	if l.layer["a"] != 0 || l.layer["b"] != 1 || l.layer["c"] != 2 {
		t.Fatalf("layers a=%d b=%d c=%d", l.layer["a"], l.layer["b"], l.layer["c"])
	}
	back, bends := 0, 0
	for _, r := range l.routes {
		for i := 1; i < len(r.Points); i++ {
			if l.layer[r.Points[i]] != l.layer[r.Points[i-1]]+1 {
				t.Errorf("route %v skips a layer", r.Points)
			}
		}
		if r.Back {
			back++
		}
		bends += len(r.Points) - 2
	}
	if back != 1 || bends != 2 {
		t.Errorf("%d back edges and %d bends, want 1 (c → a) and 2 (a → c and c → a cross layer 1)", back, bends)
	}
	svg, w, h := l.svg()
	if w <= 0 || h <= 0 || strings.Count(svg, `<a class="node"`) != 3 || strings.Count(svg, `<path class="edge`) != 4 {
		t.Errorf("svg %dx%d:\n%s", w, h, svg)
	}
	if !strings.Contains(svg, `marker-start="url(#arrow)"`) {
		t.Error("the back edge has no arrow at its start")
	}
}

func TestLayoutDeterministic(t *testing.T) {
	var names []string
	var edges []graphEdge
	for i := range 40 {
		names = append(names, string(rune('a'+i%26))+string(rune('a'+i/26)))
	}
	for i := range names {
		edges = append(edges, graphEdge{names[i], names[(i*7+3)%len(names)]}, graphEdge{names[i], names[(i*13+5)%len(names)]})
	}
	first, _, _ := layoutGraph(nodes(names...), edges).svg()
	for range 5 {
		// Shuffled input order must not change the drawing.
		rev := make([]graphEdge, len(edges))
		for i, e := range edges {
			rev[len(edges)-1-i] = e
		}
		again, _, _ := layoutGraph(nodes(names...), rev).svg()
		if again != first {
			t.Fatal("the drawing depends on the input order")
		}
	}
}

func TestGraphEscapes(t *testing.T) {
	l := layoutGraph([]graphNode{{Name: "a", URL: "manuals/a.html", Summary: `<script>"x"</script>`}, {Name: "b", URL: "manuals/b.html"}},
		[]graphEdge{{"a", "b"}})
	svg, _, _ := l.svg()
	if strings.Contains(svg, "<script>") || !strings.Contains(svg, "&lt;script&gt;") {
		t.Fatalf("summary not escaped:\n%s", svg)
	}
}

func TestLayoutLimits(t *testing.T) {
	var names []string
	var edges []graphEdge
	for i := range maxGraphNodes + 1 {
		names = append(names, "n"+strings.Repeat("x", i%3)+string(rune('a'+i%26))+string(rune('a'+i/26)))
	}
	for i := 1; i < len(names); i++ {
		edges = append(edges, graphEdge{names[i-1], names[i]})
	}
	if layoutGraph(nodes(names...), edges) != nil {
		t.Error("a graph over maxGraphNodes was laid out")
	}
	// A chain of 200 plus edges from its start to every node: thousands of
	// bends.
	chain := names[:200]
	edges = edges[:199]
	for i := 2; i < len(chain); i++ {
		for j := 0; j < i-1; j++ {
			edges = append(edges, graphEdge{chain[j], chain[i]})
		}
	}
	if layoutGraph(nodes(chain...), edges) != nil {
		t.Error("a graph over maxGraphBends was laid out")
	}
}
