package mcpserver

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestPromptsAreBundlesAndTemplates(t *testing.T) {
	for _, tc := range []struct {
		engine string
		want   string
	}{
		{"arthur", "arthur.chat.anthropic,plan,review"},
		{"", "arthur.chat.anthropic,eddie.chat.openai,plan,review"},
	} {
		s, _ := newServer(t, builtProject(t), Options{Engine: tc.engine})
		cs := connect(t, s, nil)
		res, err := cs.ListPrompts(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, p := range res.Prompts {
			names = append(names, p.Name)
		}
		if got := strings.Join(names, ","); got != tc.want {
			t.Errorf("engine %q: prompts = %s, want %s", tc.engine, got, tc.want)
		}
	}
}

func TestBundlePrompt(t *testing.T) {
	s, _ := newServer(t, builtProject(t), Options{Engine: "arthur"})
	cs := connect(t, s, nil)
	ctx := context.Background()
	res, _ := cs.ListPrompts(ctx, nil)
	p := res.Prompts[0]
	if p.Name != "arthur.chat.anthropic" || p.Title != "arthur · chat · anthropic" ||
		!strings.Contains(p.Description, "12 tokens of a 1500-token budget") || len(p.Arguments) != 1 || p.Arguments[0].Name != "time" {
		t.Errorf("bundle prompt = %+v (args %v)", p, p.Arguments)
	}
	got, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "arthur.chat.anthropic", Arguments: map[string]string{"time": "09:00"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Messages) != 2 || text(got.Messages[0]) != `<section name="identity">You are Arthur.</section>` ||
		text(got.Messages[1]) != `<section name="clock">Time: 09:00</section>` {
		t.Errorf("messages = %q, %q", text(got.Messages[0]), text(got.Messages[len(got.Messages)-1]))
	}
	meta := got.Meta["lore/bundle"].(map[string]any)
	if meta["sha256"] != "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef" || meta["provider"] != "anthropic" {
		t.Errorf("meta = %v", meta)
	}
	if got.Meta["lore/warnings"] != nil {
		t.Errorf("warnings with every argument given: %v", got.Meta["lore/warnings"])
	}
	got, _ = cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "arthur.chat.anthropic"})
	if text(got.Messages[1]) != `<section name="clock">Time: </section>` || got.Meta["lore/warnings"] == nil {
		t.Errorf("without arguments: %q %v", text(got.Messages[1]), got.Meta)
	}
}

func TestTemplatePrompt(t *testing.T) {
	s, _ := newServer(t, builtProject(t), Options{})
	cs := connect(t, s, nil)
	ctx := context.Background()
	res, _ := cs.ListPrompts(ctx, nil)
	byName := map[string]*mcp.Prompt{}
	for _, p := range res.Prompts {
		byName[p.Name] = p
	}
	plan := byName["plan"]
	if plan == nil || len(plan.Arguments) != 1 || plan.Arguments[0].Name != "what" || plan.Arguments[0].Description != "what to plan" ||
		plan.Arguments[0].Required || !strings.Contains(plan.Description, "Plan a change") || !strings.Contains(plan.Description, "agent planner") {
		t.Errorf("plan = %+v", plan)
	}
	review := byName["review"]
	if review == nil || len(review.Arguments) != 2 || review.Arguments[0].Name != "file" || review.Arguments[1].Name != "focus" ||
		!strings.Contains(review.Arguments[1].Description, "FILE [FOCUS]") {
		t.Errorf("review = %+v", review)
	}

	got, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "plan", Arguments: map[string]string{"what": "the MCP server", "extra": "ignored"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Messages) != 1 || text(got.Messages[0]) != "Plan the MCP server in small steps. Keep the MCP server reviewable.\n" || got.Meta["lore/warnings"] != nil {
		t.Errorf("plan = %q %v", text(got.Messages[0]), got.Meta)
	}
	got, err = cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "review", Arguments: map[string]string{"file": "a.go"}})
	if err != nil {
		t.Fatal(err)
	}
	warns, _ := got.Meta["lore/warnings"].([]any)
	if text(got.Messages[0]) != "Review a.go with a focus on .\n" || len(warns) != 1 || !strings.Contains(warns[0].(string), "no value for focus") {
		t.Errorf("review without focus = %q %v", text(got.Messages[0]), got.Meta)
	}

	if _, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "../plan"}); err == nil || !strings.Contains(err.Error(), "unknown prompt") {
		t.Errorf("unknown prompt: %v", err)
	}
}

func text(m *mcp.PromptMessage) string {
	if tc, ok := m.Content.(*mcp.TextContent); ok {
		return tc.Text
	}
	return ""
}

func TestSubstitution(t *testing.T) {
	out, missing := expand("a ${x} b ${y} c ${x} ${not a name} ${", map[string]string{"x": "1"})
	if out != "a 1 b  c 1 ${not a name} ${" || strings.Join(missing, ",") != "y" {
		t.Errorf("expand = %q %v", out, missing)
	}
	if got := placeholders("${b} ${a} ${b}"); strings.Join(got, ",") != "b,a" {
		t.Errorf("placeholders = %v", got)
	}
	out, missing = fillTail("t={{ turn.time }} u={{turn.user}} k={{ other }}", map[string]string{"time": "9"})
	if out != "t=9 u= k={{ other }}" || strings.Join(missing, ",") != "user" {
		t.Errorf("fillTail = %q %v", out, missing)
	}
}
