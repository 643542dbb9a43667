package mcpserver

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"path"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/afero"
)

func TestLoadSkipsDamagedFilesWithAWarning(t *testing.T) {
	fs := builtProject(t)
	for name, body := range damage {
		if err := afero.WriteFile(fs, path.Join(projectDir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A bundle edited after the build no longer matches its digests.
	b := path.Join(projectDir, "public/lore/bundles/arthur.chat.anthropic.json")
	src, err := afero.ReadFile(fs, b)
	if err != nil {
		t.Fatal(err)
	}
	if err := afero.WriteFile(fs, b, bytes.Replace(src, []byte("You are Arthur."), []byte("You are Zaphod."), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	var buf syncBuffer
	s, _ := newServer(t, fs, Options{Logger: slog.New(slog.NewTextHandler(&buf, nil))})
	out := buf.String()
	for _, want := range []string{"broken.prompt.md: skipped: 2: invalid front matter", "notes.json: skipped: not a bundle",
		"arthur.chat.anthropic.json: skipped: it was changed after the build (sha256 of the prefix"} {
		if !strings.Contains(out, want) {
			t.Errorf("log lacks %q:\n%s", want, out)
		}
	}
	res, err := connect(t, s, nil).ListPrompts(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range res.Prompts {
		names = append(names, p.Name)
	}
	if strings.Join(names, ",") != "eddie.chat.openai,plan,review" {
		t.Errorf("prompts = %v", names)
	}
}

func TestBuildsWhenOutputIsMissing(t *testing.T) {
	fs := writeProject(t, fixture)
	newServer(t, fs, Options{Engine: "arthur"})
	if ok, _ := afero.Exists(fs, path.Join(projectDir, "public/manifest.json")); !ok {
		t.Fatal("no manifest after start")
	}
	// --public: builds there.
	newServer(t, fs, Options{Public: "/elsewhere/site"})
	if ok, _ := afero.Exists(fs, "/elsewhere/site/manifest.json"); !ok {
		t.Fatal("no manifest in --public")
	}
}

func TestBuildFailureIsReported(t *testing.T) {
	files := map[string]string{"manuals/bad.md": "---\ntriggers: [a, b]\n---\n# Bad\n"}
	o := Options{}
	o.Project.FS, o.Project.Dir = writeProject(t, files), projectDir
	_, err := New(o)
	var be *BuildError
	if !errors.As(err, &be) || len(be.Lint.Diagnostics) == 0 || !strings.Contains(err.Error(), "lore build failed: 1 error") {
		t.Fatalf("New = %v", err)
	}
}

func TestMissingOutputOfAnExplicitBuildIsExplained(t *testing.T) {
	fs := builtProject(t)
	s, _ := newServer(t, fs, Options{})
	if err := fs.Remove(path.Join(projectDir, "public/manifest.json")); err != nil {
		t.Fatal(err)
	}
	err := s.Reload()
	if err == nil || !strings.Contains(err.Error(), "run 'lore build' first") {
		t.Errorf("Reload = %v", err)
	}
	// The previous snapshot stays in service.
	cs := connect(t, s, nil)
	if _, isErr, _ := call(t, cs, "manual_read", map[string]any{"name": "scheduling"}); isErr {
		t.Error("the server stopped serving")
	}
}

func TestReloadNotifiesAndServesTheNewBuild(t *testing.T) {
	fs := builtProject(t)
	s, rs := newServer(t, fs, Options{Engine: "arthur"})
	var mu sync.Mutex
	got := map[string]int{}
	note := func(kind string) {
		mu.Lock()
		got[kind]++
		mu.Unlock()
	}
	cs := connect(t, s, &mcp.ClientOptions{
		ResourceListChangedHandler: func(context.Context, *mcp.ResourceListChangedRequest) { note("resources") },
		PromptListChangedHandler:   func(context.Context, *mcp.PromptListChangedRequest) { note("prompts") },
	})
	ctx := context.Background()

	write := func(name, body string) {
		if err := afero.WriteFile(fs, path.Join(projectDir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("manuals/web-research.md", "---\ntriggers: web\nsummary: Research on the web.\n---\n# Web research\n\nSearch, then fetch.\n")
	write("prompts/templates/test.prompt.md", "---\ndescription: Write tests.\nargument-hint: target=<what to test>\n---\nTest ${target}.\n")
	if err := fs.Remove(path.Join(projectDir, "prompts/templates/plan.prompt.md")); err != nil {
		t.Fatal(err)
	}
	if err := s.Rebuild(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		done := got["resources"] > 0 && got["prompts"] > 0
		mu.Unlock()
		if done {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("notifications = %v", got)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if text, isErr, _ := call(t, cs, "manual_read", map[string]any{"name": "web-research"}); isErr || !strings.Contains(text, "# Web research") {
		t.Errorf("new manual: %v %q", isErr, text)
	}
	res, _ := cs.ListPrompts(ctx, nil)
	var names []string
	for _, p := range res.Prompts {
		names = append(names, p.Name)
	}
	if strings.Join(names, ",") != "arthur.chat.anthropic,review,test" {
		t.Errorf("prompts after rebuild = %v", names)
	}
	if len(rs.opened) != 2 || !rs.opened[0].closed.Load() || rs.opened[1].closed.Load() {
		t.Errorf("routers: %d opened; first closed %v", len(rs.opened), rs.opened[0].closed.Load())
	}
}

// syncBuffer is a bytes.Buffer safe for a logger and a test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestBuildsWhenTheManualsChangedSinceTheBuild(t *testing.T) {
	fs := builtProject(t)
	marker := path.Join(projectDir, "public/marker")
	if err := afero.WriteFile(fs, marker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// Fresh output: served as it is.
	newServer(t, fs, Options{})
	if ok, _ := afero.Exists(fs, marker); !ok {
		t.Fatal("a fresh build output was rebuilt")
	}
	// A manual added since: the output is rebuilt, so that how_do_i and
	// manual_read answer from the same manuals.
	if err := afero.WriteFile(fs, path.Join(projectDir, "manuals/web-research.md"),
		[]byte("---\ntriggers: web\nsummary: Research on the web.\n---\n# Web research\n\nSearch.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, _ := newServer(t, fs, Options{})
	if ok, _ := afero.Exists(fs, marker); ok {
		t.Fatal("a stale build output was served")
	}
	rr, err := connect(t, s, nil).ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "lore://manifest"})
	if err != nil || !strings.Contains(rr.Contents[0].Text, `"name": "web-research"`) {
		t.Errorf("manifest after the rebuild lacks web-research: %v", err)
	}
}
