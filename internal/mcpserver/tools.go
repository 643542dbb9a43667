package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/search"
)

// Input limits: a manual name is a file name; an intent is one sentence
// (the router's own limit).
const (
	maxNameLen   = 255
	maxIntentLen = search.MaxIntent
)

type listInput struct{}

type listOutput struct {
	Manuals []listEntry `json:"manuals" jsonschema:"every manual you can read, sorted by name"`
}

type listEntry struct {
	Name    string `json:"name" jsonschema:"what manual_read takes"`
	Summary string `json:"summary" jsonschema:"one line: what the manual is for"`
}

type readInput struct {
	Name string `json:"name" jsonschema:"the manual's name exactly as manual_list or how_do_i shows it, e.g. embed-images; a name, never a path or file name"`
}

type howInput struct {
	Intent string `json:"intent" jsonschema:"what you need to do, as one short sentence in English or German, e.g. 'show an image in the chat' or 'Termin mit Zeitzone eintragen' (at most 4096 bytes)"`
}

var readOnly = &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: new(false)}

// addTools registers manual_list, manual_read and how_do_i. Their handlers
// answer from the snapshot current at the time of the call.
func (s *Server) addTools(engine string) {
	scope := "the manuals"
	if engine != "" {
		scope = "the manuals of engine " + engine
	}
	mcp.AddTool(s.mcp, &mcp.Tool{
		Name:  "manual_list",
		Title: "List manuals",
		Description: "List " + scope + " you can read: each one's name and a one-line summary. " +
			"Call it when you need to know which how-tos exist, then load one with manual_read(name). " +
			"When you have a concrete task, how_do_i(intent) finds the right manual in one step.",
		Annotations: readOnly,
	}, s.manualList)
	mcp.AddTool(s.mcp, &mcp.Tool{
		Name:  "manual_read",
		Title: "Read a manual",
		Description: "Load one manual by name and return its full Markdown. Use the exact name from manual_list, " +
			"how_do_i, or a manual_read('name') reference inside another manual (for example manual_read('embed-images')). " +
			"Read the manual before you do the task it covers, and follow it. An unknown name returns an error with close names.",
		Annotations: readOnly,
	}, s.manualRead)
	mcp.AddTool(s.mcp, &mcp.Tool{
		Name:  "how_do_i",
		Title: "Find the manual for a task",
		Description: "Find the manual that explains how to do something: describe the need in one short sentence, " +
			"in English or German. Returns JSON with exactly one key: \"loaded\" (the manual that answers it, with " +
			"its full content — follow it), \"alternatives\" (candidates with name, summary and score — pick the one " +
			"that fits and call manual_read(name)), or \"hint\" (no manual fits — do the task without one, or rephrase).",
		Annotations: readOnly,
	}, s.howDoI)
}

func (s *Server) manualList(ctx context.Context, req *mcp.CallToolRequest, _ listInput) (*mcp.CallToolResult, listOutput, error) {
	snap, release := s.acquire()
	defer release()
	out := listOutput{Manuals: make([]listEntry, 0, len(snap.manuals))}
	var text strings.Builder
	for _, m := range snap.manuals {
		out.Manuals = append(out.Manuals, listEntry{Name: m.Name, Summary: m.Summary})
		fmt.Fprintf(&text, "%s — %s\n", m.Name, orNone(m.Summary))
	}
	if len(out.Manuals) == 0 {
		text.WriteString("No manual is visible to this engine with its allowed tools.\n")
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text.String()}}}, out, nil
}

func (s *Server) manualRead(ctx context.Context, req *mcp.CallToolRequest, in readInput) (*mcp.CallToolResult, any, error) {
	snap, release := s.acquire()
	defer release()
	text, err := snap.read(in.Name)
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil, nil
}

func (s *Server) howDoI(ctx context.Context, req *mcp.CallToolRequest, in howInput) (*mcp.CallToolResult, any, error) {
	intent := strings.TrimSpace(in.Intent)
	switch {
	case intent == "":
		return nil, nil, errors.New(`"intent" is empty: describe what you need to do in one short sentence, e.g. "show an image in the chat"`)
	case len(intent) > maxIntentLen:
		return nil, nil, fmt.Errorf(`"intent" is %d bytes long; how_do_i takes one short sentence (at most %d bytes): say what you want to do, not the whole task`, len(intent), maxIntentLen)
	}
	snap, release := s.acquire()
	defer release()
	if snap.router == nil {
		return nil, nil, fmt.Errorf("how_do_i is unavailable: %v; call manual_list and manual_read instead", snap.routerErr)
	}
	ans, err := snap.router.HowDoI(ctx, intent)
	if err != nil {
		return nil, nil, fmt.Errorf("how_do_i failed: %v; call manual_list and manual_read instead", err)
	}
	b, err := json.Marshal(ans)
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: string(b)}},
		StructuredContent: json.RawMessage(b),
	}, nil, nil
}

// read answers manual_read(name) as `lore read` does (search.Read: the
// cascade winner's Markdown; for a skill, the documents it holds), or an
// error that says what a name is and offers close names.
func (snap *snapshot) read(name string) (string, error) {
	if name == "" {
		return "", errors.New(`"name" is empty: give a manual's name as manual_list shows it, e.g. manual_read('embed-images')`)
	}
	if len(name) > maxNameLen || !manual.ValidName(name) {
		shown := name
		if len(shown) > 80 {
			shown = shown[:80] + "…"
		}
		msg := fmt.Sprintf("invalid manual name %q: a name is a manual's file name without its extension (letters, digits, '.', '_' and '-'), never a path.", shown)
		if base := baseName(name); base != "" && base != name {
			msg += suggestion(closeNames(base, snap.names()))
		}
		return "", errors.New(msg + " Call manual_list to see every name.")
	}
	_, text, err := search.Read(snap.project.Manuals, snap.cascade, name, snap.project.RelPath)
	if errors.Is(err, search.ErrNotFound) {
		msg := fmt.Sprintf("no manual called %q", name)
		if snap.who.Engine != "" {
			msg += " for engine " + snap.who.Engine
		}
		return "", errors.New(msg + "." + suggestion(closeNames(name, snap.names())) + " Call manual_list to see every name, or how_do_i(intent) to search.")
	}
	return text, err
}

// names returns every name manual_read resolves.
func (snap *snapshot) names() []string {
	out := make([]string, 0, len(snap.winners))
	for n := range snap.winners {
		out = append(out, n)
	}
	return out
}

// baseName turns a path-like request into the name it probably meant:
// "../manuals/embed-images.md" → "embed-images".
func baseName(s string) string {
	if len(s) > maxNameLen {
		return ""
	}
	s = path.Base(strings.ReplaceAll(s, `\`, "/"))
	s = strings.TrimSuffix(s, ".md")
	if s == "." || s == ".." || s == "/" {
		return ""
	}
	return s
}

func suggestion(names []string) string {
	if len(names) == 0 {
		return ""
	}
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = "manual_read('" + n + "')"
	}
	return " Did you mean " + strings.Join(quoted, " or ") + "?"
}

func orNone(s string) string {
	if s == "" {
		return "(no summary)"
	}
	return s
}
