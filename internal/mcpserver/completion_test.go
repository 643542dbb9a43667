package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lorekit/lore/internal/build"
)

// shipTemplate is a task template whose placeholders complete: choices
// in its argument-hint, and names of the project's vocabulary.
const shipTemplate = `---
description: Ship a change.
argument-hint: mode=<quick|thorough> engine=<the engine> manual=<the manual to follow> note=<anything>
---
Ship it ${mode} for ${engine}, following ${manual}. ${note}
`

// completeServer starts a server on the fixture with shipTemplate.
func completeServer(t *testing.T, engine string) *mcp.ClientSession {
	files := maps.Clone(fixture)
	files["prompts/templates/ship.prompt.md"] = shipTemplate
	fs := writeProject(t, files)
	if res, err := build.Run(build.RunOptions{Options: build.Options{FS: fs, Dir: projectDir}}); err != nil || res.Failed {
		t.Fatalf("build: %v %v", err, res)
	}
	s, _ := newServer(t, fs, Options{Engine: engine})
	return connect(t, s, nil)
}

func TestCompletions(t *testing.T) {
	cs := completeServer(t, "arthur")
	if cs.InitializeResult().Capabilities.Completions == nil {
		t.Error("the completions capability is not declared")
	}
	prompt := func(name string) *mcp.CompleteReference {
		return &mcp.CompleteReference{Type: "ref/prompt", Name: name}
	}
	resource := func(uri string) *mcp.CompleteReference { return &mcp.CompleteReference{Type: "ref/resource", URI: uri} }
	for _, tc := range []struct {
		ref        *mcp.CompleteReference
		arg, typed string
		want       []string
	}{
		{resource(manualTemplate), "name", "", []string{"doc-create", "embed-images", "scheduling"}},
		{resource(manualTemplate), "name", "EMB", []string{"embed-images"}},
		{resource(manualTemplate), "name", "ima", []string{"embed-images"}}, // contains
		{resource(manualTemplate), "name", "memory", []string{}},            // eddie's
		{resource(skillTemplate), "path", "sched", []string{"scheduling/SKILL.md"}},
		{prompt("ship"), "mode", "", []string{"quick", "thorough"}},
		{prompt("ship"), "mode", "th", []string{"thorough"}},
		{prompt("ship"), "engine", "", []string{"arthur"}},
		{prompt("ship"), "manual", "s", []string{"scheduling", "embed-images"}}, // prefix first
		{prompt("ship"), "note", "", []string{}},
		{prompt("arthur.chat.anthropic"), "time", "", []string{}},
	} {
		res, err := cs.Complete(context.Background(), &mcp.CompleteParams{Ref: tc.ref, Argument: mcp.CompleteParamsArgument{Name: tc.arg, Value: tc.typed}})
		if err != nil {
			t.Errorf("%+v %s=%q: %v", tc.ref, tc.arg, tc.typed, err)
			continue
		}
		if got := res.Completion.Values; !slices.Equal(got, tc.want) || res.Completion.Total != len(tc.want) || res.Completion.HasMore {
			t.Errorf("%+v %s=%q = %v (total %d), want %v", tc.ref, tc.arg, tc.typed, got, res.Completion.Total, tc.want)
		}
	}
	for _, tc := range []struct {
		ref  *mcp.CompleteReference
		arg  string
		want string
	}{
		{prompt("no-such"), "x", "no prompt"},
		{prompt("ship"), "colour", "takes no argument"},
		{prompt("arthur.chat.anthropic"), "colour", "takes no argument"},
		{resource("lore://elsewhere/{x}"), "x", "no resource template"},
		{resource(manualTemplate), "path", "has no argument"},
	} {
		_, err := cs.Complete(context.Background(), &mcp.CompleteParams{Ref: tc.ref, Argument: mcp.CompleteParamsArgument{Name: tc.arg}})
		var we *jsonrpc.Error
		if !errors.As(err, &we) || we.Code != jsonrpc.CodeInvalidParams || !strings.Contains(we.Message, tc.want) {
			t.Errorf("%+v %s: %v, want -32602 %q", tc.ref, tc.arg, err, tc.want)
		}
	}
}

func TestCompletionsWithoutAnEngine(t *testing.T) {
	cs := completeServer(t, "")
	res, err := cs.Complete(context.Background(), &mcp.CompleteParams{Ref: &mcp.CompleteReference{Type: "ref/prompt", Name: "ship"},
		Argument: mcp.CompleteParamsArgument{Name: "engine"}})
	if err != nil || !slices.Equal(res.Completion.Values, []string{"arthur", "eddie"}) {
		t.Errorf("engines = %v %v", res, err)
	}
}

func TestMatchingCapsAtTheProtocolLimit(t *testing.T) {
	var values []string
	for i := range 150 {
		values = append(values, fmt.Sprintf("v%03d", i), fmt.Sprintf("v%03d", i))
	}
	got := matching(values, "V")
	if len(got.Values) != maxCompletions || got.Total != 150 || !got.HasMore || got.Values[0] != "v000" {
		t.Errorf("matching 150 = %d values, total %d, more %v, first %q", len(got.Values), got.Total, got.HasMore, got.Values[0])
	}
}
