package mcpserver

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/prompt"
)

// prompts returns the prompts of snap by name: every bundle (arguments:
// the per-turn values of its tail) and every task template (arguments: its
// ${arg} placeholders). No argument is required: a missing one is left
// empty with a warning.
func (snap *snapshot) prompts() map[string]*mcp.Prompt {
	out := make(map[string]*mcp.Prompt, len(snap.bundles)+len(snap.templates))
	for _, b := range snap.bundles {
		p := &mcp.Prompt{Name: b.ID, Title: bundleTitle(b), Description: bundleDescription(b)}
		for _, v := range bundle.TailVariables(b.Tail) {
			p.Arguments = append(p.Arguments, &mcp.PromptArgument{Name: v,
				Description: "Per-turn value for {{ turn." + v + " }} in the bundle's tail; left empty when not given."})
		}
		out[b.ID] = p
	}
	for _, t := range snap.templates {
		p := &mcp.Prompt{Name: t.Name, Description: templateDescription(t)}
		for _, a := range t.Placeholders() {
			p.Arguments = append(p.Arguments, &mcp.PromptArgument{Name: a, Description: argDescription(t, a)})
		}
		out[t.Name] = p
	}
	return out
}

// getPrompt renders a bundle or a task template of the current snapshot.
func (s *Server) getPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	snap, release := s.acquire()
	defer release()
	name, args := req.Params.Name, req.Params.Arguments
	for _, b := range snap.bundles {
		if b.ID == name {
			return s.bundlePrompt(b, args), nil
		}
	}
	for _, t := range snap.templates {
		if t.Name == name {
			return s.templatePrompt(t, args), nil
		}
	}
	return nil, fmt.Errorf("unknown prompt %q: list the prompts to see every bundle and task template", name)
}

// bundlePrompt returns the bundle's cached prefix as the first message and,
// when it has one, its per-turn tail filled from args as the second.
func (s *Server) bundlePrompt(b *bundle.Bundle, args map[string]string) *mcp.GetPromptResult {
	res := &mcp.GetPromptResult{
		Description: bundleDescription(b),
		Messages:    []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: b.Prefix}}},
		Meta: mcp.Meta{"lore/bundle": map[string]any{"id": b.ID, "recipe": b.Recipe, "engine": b.Engine, "surface": b.Surface,
			"role": b.Role, "provider": b.Provider, "style": b.Style, "sha256": b.SHA256, "bytes": b.Bytes,
			"tokens": b.Tokens, "budget": b.Budget}},
	}
	if b.Tail != "" {
		tail, missing := b.FillTurn(args)
		res.Messages = append(res.Messages, &mcp.PromptMessage{Role: "user", Content: &mcp.TextContent{Text: tail}})
		if len(missing) > 0 {
			res.Meta["lore/warnings"] = []string{missingWarning("bundle "+b.ID, missing)}
		}
	}
	return res
}

// templatePrompt expands the task template with args: a missing argument
// becomes empty, with one warning.
func (s *Server) templatePrompt(t *prompt.TaskTemplate, args map[string]string) *mcp.GetPromptResult {
	body, missing := t.Expand(args)
	res := &mcp.GetPromptResult{
		Description: templateDescription(t),
		Messages:    []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: body}}},
		Meta:        mcp.Meta{"lore/template": map[string]any{"name": t.Name, "agent": t.Agent, "argumentHint": t.ArgumentHint}},
	}
	if len(missing) > 0 {
		w := missingWarning("template "+t.Name, missing)
		res.Meta["lore/warnings"] = []string{w}
		s.warn(w)
	}
	return res
}

func missingWarning(what string, missing []string) string {
	return fmt.Sprintf("%s: no value for %s; substituted empty", what, strings.Join(missing, ", "))
}
