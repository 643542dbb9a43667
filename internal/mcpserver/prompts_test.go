package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"path"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/bundle"
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
	fs := builtProject(t)
	var b bundle.Bundle
	src, err := afero.ReadFile(fs, path.Join(projectDir, "public/lore/bundles/arthur.chat.anthropic.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(src, &b); err != nil {
		t.Fatal(err)
	}
	s, _ := newServer(t, fs, Options{Engine: "arthur"})
	cs := connect(t, s, nil)
	ctx := context.Background()
	res, _ := cs.ListPrompts(ctx, nil)
	p := res.Prompts[0]
	budget := fmt.Sprintf("%d tokens of a 1500-token budget, sha256 %s.", b.Tokens, b.SHA256[:12])
	if p.Name != "arthur.chat.anthropic" || p.Title != "arthur · chat · anthropic" ||
		!strings.Contains(p.Description, budget) || len(p.Arguments) != 1 || p.Arguments[0].Name != "time" {
		t.Errorf("bundle prompt = %+v (args %v), want %q in the description", p, p.Arguments, budget)
	}
	got, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "arthur.chat.anthropic", Arguments: map[string]string{"time": "09:00"}})
	if err != nil {
		t.Fatal(err)
	}
	tail := strings.Replace(b.Tail, "{{ turn.time }}", "09:00", 1)
	if len(got.Messages) != 2 || text(got.Messages[0]) != b.Prefix || !strings.Contains(b.Prefix, "You are Arthur.") ||
		text(got.Messages[1]) != tail || tail == b.Tail {
		t.Errorf("messages = %q, %q", text(got.Messages[0]), text(got.Messages[len(got.Messages)-1]))
	}
	meta := got.Meta["lore/bundle"].(map[string]any)
	if meta["sha256"] != b.SHA256 || meta["provider"] != "anthropic" || meta["style"] != "xml" {
		t.Errorf("meta = %v", meta)
	}
	if got.Meta["lore/warnings"] != nil {
		t.Errorf("warnings with every argument given: %v", got.Meta["lore/warnings"])
	}
	got, _ = cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "arthur.chat.anthropic"})
	if text(got.Messages[1]) != strings.Replace(b.Tail, "{{ turn.time }}", "", 1) || got.Meta["lore/warnings"] == nil {
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
		plan.Arguments[0].Required || !strings.Contains(plan.Description, "Plan a change") || !strings.Contains(plan.Description, "(meant for arthur)") {
		t.Errorf("plan = %+v", plan)
	}
	review := byName["review"]
	if review == nil || len(review.Arguments) != 2 || review.Arguments[0].Name != "file" || review.Arguments[1].Name != "focus" ||
		review.Arguments[0].Description != "the file" || review.Arguments[1].Description != "what matters most" {
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
