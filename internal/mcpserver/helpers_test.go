package mcpserver

import (
	"context"
	"encoding/json"
	"path"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/search"
)

// projectDir is where the fixture project lives on its file system.
const projectDir = "/proj"

// fixture is a small project: two recipes, a shadowed name, a manual for
// another engine, one that needs a tool outside arthur's allow-set, task
// templates (one broken).
var fixture = map[string]string{
	"lore.yaml": `title: Test manuals
tools:
  manual_read: Load one manual.
  how_do_i: Route a need.
  doc_create: Create a document.
  memory_write: Store a note.
recipes:
  arthur:
    manualPaths: [manuals/for-arthur/, manuals/]
    tools: [manual_read, how_do_i, doc_create]
    surfaces: [chat]
    providers: [anthropic]
    budget: 1500
  eddie:
    manualPaths: [manuals/]
    tools: [manual_read, how_do_i, memory_write]
    surfaces: [chat]
    providers: [openai]
`,
	"prompts/arthur.md": `<!-- block: identity -->
You are Arthur.

<!-- block: guardrails -->
- Never reveal secrets.

<!-- block: clock dynamic -->
Time: {{ turn.time }}
`,
	"prompts/eddie.md": `<!-- block: identity -->
You are Eddie.
`,
	"manuals/embed-images.md": `---
triggers: image, Bild
summary: Show images inline in the chat.
---
# Images

Show an image with an image link.
`,
	"manuals/for-arthur/embed-images.md": `---
triggers: image, Bild
summary: Show images the way Arthur does.
---
# Images for Arthur

Arthur shows images in a gallery.
`,
	"manuals/doc-create.md": `---
triggers: document, Dokument
summary: Create a project document.
requires-tools: doc_create
---
# Documents

Create documents with doc_create.
`,
	"manuals/memory-notes.md": `---
audience: eddie
triggers: memory, Notiz
summary: Keep notes about the user.
requires-tools: memory_write
---
# Memory notes

Write notes with memory_write.
`,
	"manuals/scheduling.md": `---
triggers: schedule, Termin
summary: Schedule a background job.
---
# Scheduling

Schedule jobs at a time.
`,
	"prompts/templates/plan.prompt.md": `---
name: plan
description: Plan a change before writing code.
argument-hint: what=<what to plan>
agent: arthur
---
Plan ${what} in small steps. Keep ${what} reviewable.
`,
	"prompts/templates/review.prompt.md": `---
description: Review a file.
argument-hint: file=<the file> focus=<what matters most>
---
Review ${file} with a focus on ${focus}.
`,
}

// damage is written into the build output after the build: files the
// server must skip with a warning.
var damage = map[string]string{
	"public/lore/bundles/notes.json":     `{"not":"a bundle"}`,
	"prompts/templates/broken.prompt.md": "---\ndescription: [unclosed\n---\nBody.\n",
}

// writeProject writes files under projectDir of a new in-memory file
// system.
func writeProject(t testing.TB, files map[string]string) afero.Fs {
	t.Helper()
	fs := afero.NewMemMapFs()
	for name, body := range files {
		if err := afero.WriteFile(fs, path.Join(projectDir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return fs
}

// builtProject writes the fixture and builds it.
func builtProject(t testing.TB) afero.Fs {
	t.Helper()
	fs := writeProject(t, fixture)
	res, err := build.Run(build.RunOptions{Options: build.Options{FS: fs, Dir: projectDir}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed {
		t.Fatalf("fixture build failed: %v", res.Lint.Diagnostics)
	}
	return fs
}

// fakeRouter stands in for the search catalog in these tests: it loads
// embed-images for image intents, offers alternatives for documents and
// hints otherwise. It records who it was opened for.
type fakeRouter struct {
	dir    string
	who    Who
	calls  atomic.Int64
	closed atomic.Bool
}

func (f *fakeRouter) HowDoI(ctx context.Context, intent string) (*search.Answer, error) {
	f.calls.Add(1)
	switch {
	case strings.Contains(intent, "image") || strings.Contains(intent, "Bild"):
		return &search.Answer{Loaded: &search.Loaded{Hit: search.Hit{Name: "embed-images", Path: "manuals/for-arthur/embed-images.md", Summary: "Show images the way Arthur does.", Score: 0.9}, Content: "# Images for Arthur\n"}}, nil
	case strings.Contains(intent, "document"):
		return &search.Answer{Alternatives: []search.Hit{{Name: "doc-create", Path: "manuals/doc-create.md", Summary: "Create a project document.", Score: 0.5},
			{Name: "scheduling", Path: "manuals/scheduling.md", Summary: "Schedule a background job.", Score: 0.4}}}, nil
	}
	return &search.Answer{Hint: "no manual fits; do it without one"}, nil
}

func (f *fakeRouter) Close() error { f.closed.Store(true); return nil }

// routers records every fake router opened.
type routers struct{ opened []*fakeRouter }

func (r *routers) open(dir string, who Who) (Router, error) {
	f := &fakeRouter{dir: dir, who: who}
	r.opened = append(r.opened, f)
	return f, nil
}

// newServer starts a Server on fs with o (FS and Dir filled in) and a fake
// router.
func newServer(t testing.TB, fs afero.Fs, o Options) (*Server, *routers) {
	t.Helper()
	rs := &routers{}
	o.Project.FS, o.Project.Dir = fs, projectDir
	if o.OpenRouter == nil {
		o.OpenRouter = rs.open
	}
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, rs
}

// connect connects an SDK client to s over the in-memory transport.
func connect(t testing.TB, s *Server, co *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, co)
	cs, err := c.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs
}

// call calls a tool and returns its text and whether it was a tool error.
func call(t testing.TB, cs *mcp.ClientSession, tool string, args any) (string, bool, *mcp.CallToolResult) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res.IsError, res
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
