package mcpserver

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/search"
)

func TestWatchRebuildsOnChangeAndNotifies(t *testing.T) {
	dir := t.TempDir()
	for name, body := range fixture {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rs := &routers{}
	o := Options{Engine: "arthur", OpenRouter: rs.open}
	o.Project.FS, o.Project.Dir = afero.NewOsFs(), dir
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	listChanged := make(chan struct{}, 10)
	cs := connect(t, s, &mcp.ClientOptions{
		ResourceListChangedHandler: func(context.Context, *mcp.ResourceListChangedRequest) { listChanged <- struct{}{} },
	})
	rebuilt := make(chan error, 10)
	ctx, cancel := context.WithCancel(context.Background())
	watching := make(chan error, 1)
	run, err := s.Watch(ctx, func(err error) { rebuilt <- err })
	if err != nil {
		t.Fatal(err)
	}
	go func() { watching <- run() }()
	defer func() {
		cancel()
		if err := <-watching; err != nil {
			t.Errorf("Watch = %v", err)
		}
	}()

	// A new manual in a new folder.
	sub := filepath.Join(dir, "manuals", "tools")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "web-research.md"), []byte("---\ntriggers: web\nsummary: Research on the web.\n---\n# Web research\n\nSearch, then fetch.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wait := func(what string) {
		t.Helper()
		select {
		case err := <-rebuilt:
			if err != nil {
				t.Fatalf("%s: rebuild failed: %v", what, err)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: no rebuild", what)
		}
	}
	wait("new manual")
	select {
	case <-listChanged:
	case <-time.After(5 * time.Second):
		t.Fatal("no resources/list_changed notification")
	}
	if text, isErr, _ := call(t, cs, "manual_read", map[string]any{"name": "web-research"}); isErr || !strings.Contains(text, "# Web research") {
		t.Fatalf("after the rebuild: %v %q", isErr, text)
	}

	// A broken manual fails the rebuild; the previous build stays in service.
	if err := os.WriteFile(filepath.Join(dir, "manuals", "bad.md"), []byte("---\ntriggers: [a]\n---\n# Bad\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-rebuilt:
		if err == nil || !strings.Contains(err.Error(), "lore build failed") {
			t.Fatalf("broken manual: rebuild = %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("broken manual: no rebuild")
	}
	if text, isErr, _ := call(t, cs, "manual_read", map[string]any{"name": "web-research"}); isErr {
		t.Fatalf("after a failed rebuild: %q", text)
	}
	if _, err := os.Stat(filepath.Join(dir, "public", "manifest.json")); err != nil {
		t.Fatalf("the failed rebuild removed the output: %v", err)
	}
	// The build's own writes (public/, its staging folder) trigger nothing.
	select {
	case err := <-rebuilt:
		t.Errorf("rebuilt without a change to the sources (%v)", err)
	case <-time.After(3 * settle):
	}

	// Fixed and edited: the watch's session updates the catalog, and
	// how_do_i over the published catalog routes the new trigger.
	if err := os.Remove(filepath.Join(dir, "manuals", "bad.md")); err != nil {
		t.Fatal(err)
	}
	wait("broken manual removed")
	if err := os.WriteFile(filepath.Join(sub, "web-research.md"), []byte("---\ntriggers: web, harbour tide tables\nsummary: Research on the web.\n---\n# Web research\n\nSearch, then fetch.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wait("trigger added")
	c, err := search.Open(filepath.Join(dir, "public", filepath.FromSlash(build.CatalogDir)))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ans, err := c.HowDoI("harbour tide tables", search.Visibility{AnyTools: true})
	if err != nil {
		t.Fatal(err)
	}
	if ans.Loaded == nil || ans.Loaded.Name != "web-research" {
		t.Errorf("how_do_i after the edit = %+v, want web-research loaded", ans)
	}
}
