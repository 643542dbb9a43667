package bundle

import (
	"strings"
	"testing"
)

func TestRenderXML(t *testing.T) {
	got := Section(XML, "identity", "You are <b>Arthur</b> & co.\n")
	want := "<section name=\"identity\">\nYou are <b>Arthur</b> & co.\n</section>"
	if got != want {
		t.Errorf("got %q, want %q (inner text is not re-escaped)", got, want)
	}
}

func TestRenderInline(t *testing.T) {
	if got, want := Section(Inline, "guardrails", "- a\n- b"), "--- guardrails ---\n- a\n- b"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestRenderFencedEscapesInnerFences(t *testing.T) {
	plain := Section(Fenced, "identity", "You are Arthur.")
	if plain != "```identity\nYou are Arthur.\n```" {
		t.Errorf("plain fenced section: %q", plain)
	}
	inner := "Show a chart inline:\n\n```chart\n{\"type\": \"bar\"}\n```\n\nOr a longer fence:\n  ````mermaid\n  graph TD\n  ````"
	got := Section(Fenced, "kind-hooks", inner)
	if !strings.HasPrefix(got, "`````kind-hooks\n") || !strings.HasSuffix(got, "\n`````") {
		t.Fatalf("outer fence not longer than the inner ones:\n%s", got)
	}
	// Read it back as CommonMark would: the section ends only at a closing
	// fence at least as long as the opening one.
	lines := strings.Split(got, "\n")
	open := strings.TrimSuffix(lines[0], "kind-hooks")
	for i, l := range lines[1 : len(lines)-1] {
		t2 := strings.TrimLeft(l, " ")
		if strings.HasPrefix(t2, open) && strings.Trim(t2, "`") == "" {
			t.Fatalf("line %d %q closes the section early", i+2, l)
		}
	}
	if body := strings.Join(lines[1:len(lines)-1], "\n"); body != inner {
		t.Errorf("inner text changed:\n%q\nwant\n%q", body, inner)
	}
	// Backticks inside a line (not at its start) cannot close a fence.
	if got := Section(Fenced, "x", "use ```` inline"); !strings.HasPrefix(got, "```x\n") {
		t.Errorf("mid-line backticks lengthened the fence: %q", got)
	}
}

func TestRenderStylesOfOneComposition(t *testing.T) {
	c := compose(t, Stack{Layers: []Layer{seedLayer()}})
	for _, st := range Styles() {
		prefix, tail := c.Render(st)
		for _, want := range []string{"You are Arthur", "Nothing else.", "Never write credentials out."} {
			if !strings.Contains(prefix, want) {
				t.Errorf("%s: prefix lacks %q", st, want)
			}
		}
		if !strings.Contains(tail, "{{ turn.now }}") || strings.Contains(prefix, "turn.now") {
			t.Errorf("%s: tail/prefix split wrong", st)
		}
		if !strings.HasSuffix(prefix, "\n") || strings.HasSuffix(prefix, "\n\n") {
			t.Errorf("%s: prefix must end in exactly one newline: %q", st, prefix[len(prefix)-5:])
		}
	}
	if _, err := ParseStyle("yaml"); err == nil {
		t.Error("ParseStyle accepted yaml")
	}
}

// A bundle renders in another provider's style from its recorded blocks,
// also after a round trip through its file; its own style gives back its
// prefix and tail.
func TestBundleRenderAs(t *testing.T) {
	b, _, err := Bake(Meta{Recipe: "arthur", Engine: "arthur", Surface: "chat", Provider: "anthropic", Style: XML},
		Stack{Layers: []Layer{seedLayer()}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := b.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	read, err := Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	c := compose(t, Stack{Layers: []Layer{seedLayer()}})
	for _, bd := range []*Bundle{b, read} {
		for _, st := range Styles() {
			wantPrefix, wantTail := c.Render(st)
			prefix, tail := bd.RenderAs(st)
			if prefix != wantPrefix || tail != wantTail {
				t.Errorf("%s: RenderAs differs from the composition rendered in that style:\n%s", st, prefix)
			}
		}
		if prefix, tail := bd.RenderAs(XML); prefix != b.Prefix || tail != b.Tail {
			t.Error("RenderAs in the bundle's own style is not its prefix and tail")
		}
	}
}
