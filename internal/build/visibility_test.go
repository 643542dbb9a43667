package build_test

import (
	"context"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/fixture"
	"github.com/lorekit/lore/internal/mcpserver"
	"github.com/lorekit/lore/internal/search"
)

const visibilityFixture = "../../testdata/visibility/project.txtar"

// visibleByHand is what each engine of the visibility fixture sees, name
// → file, worked out from the manuals' headers and the recipes by hand:
// arthur (tools: web_fetch) sees its own greeting and the web search,
// which come first in its manualPaths, not Eddie's notes or memory, and
// neither notes nor research, which need calendar_create; eddie (tools:
// memory_write) skips Arthur's greeting and the web search, which hide
// nothing from it, and reads the general ones.
var visibleByHand = map[string]map[string]string{
	"arthur": {"greeting": "special/greeting.md", "search": "special/search.md", "plain": "manuals/plain.md"},
	"eddie": {"greeting": "manuals/greeting.md", "search": "manuals/search.md", "notes": "special/notes.md",
		"plain": "manuals/plain.md", "memory": "manuals/memory.md"},
}

// builtVisibility writes the fixture into a temporary folder (the catalog
// is an OS folder) and builds it.
func builtVisibility(t *testing.T) (dir string, res *build.Result) {
	t.Helper()
	dir = t.TempDir()
	fixture.Dir(t, visibilityFixture, dir)
	res, err := build.Run(build.RunOptions{Options: build.Options{FS: afero.NewOsFs(), Dir: dir}, NoCache: true})
	if err != nil || res.Failed {
		t.Fatalf("the fixture does not build: %v %v", err, res.Lint.Diagnostics)
	}
	return dir, res
}

// siteViews reads the engine filter of the built home page: for each
// engine, the files whose rows it shows (data-engines), by name.
func siteViews(t *testing.T, out string) map[string]map[string]string {
	t.Helper()
	home, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	mb, err := os.ReadFile(filepath.Join(out, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var mf build.Manifest
	if err := json.Unmarshal(mb, &mf); err != nil {
		t.Fatal(err)
	}
	byURL := map[string]string{}
	for _, m := range mf.Manuals {
		byURL[m.URL] = m.Path
	}
	row := regexp.MustCompile(`<tr data-name="[^"]*" data-folder="[^"]*" data-dir="[^"]*" data-format="[^"]*" data-engines="([^"]*)" data-tools="[^"]*"[^>]*>\n<th scope="row"><a href="([^"]+)">([^<]+)</a>`)
	rows := row.FindAllStringSubmatch(string(home), -1)
	if len(rows) != len(mf.Manuals) {
		t.Fatalf("%d catalog rows for %d manuals", len(rows), len(mf.Manuals))
	}
	out2 := map[string]map[string]string{}
	for _, r := range rows {
		p := byURL[r[2]]
		if p == "" {
			t.Fatalf("row %s links to %s, which the manifest does not know", r[3], r[2])
		}
		for _, e := range strings.Fields(r[1]) {
			if out2[e] == nil {
				out2[e] = map[string]string{}
			}
			if prev, dup := out2[e][r[3]]; dup {
				t.Errorf("engine %s sees %s twice: %s and %s", e, r[3], prev, p)
			}
			out2[e][r[3]] = p
		}
	}
	return out2
}

// TestEngineViewsListTheVisibleManuals checks the site's per-engine views
// and the manifest's recipes against the hand-made table: the engine
// filter shows exactly the manuals manual_read returns to that engine.
func TestEngineViewsListTheVisibleManuals(t *testing.T) {
	_, res := builtVisibility(t)
	views := siteViews(t, res.Out)
	for e, want := range visibleByHand {
		if !maps.Equal(views[e], want) {
			t.Errorf("engine %s: the site shows %v, want %v", e, views[e], want)
		}
	}
	if len(views) != len(visibleByHand) {
		t.Errorf("the site has views for %v, want arthur and eddie", slices.Sorted(maps.Keys(views)))
	}
	mb, err := os.ReadFile(filepath.Join(res.Out, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var mf build.Manifest
	if err := json.Unmarshal(mb, &mf); err != nil {
		t.Fatal(err)
	}
	for _, m := range mf.Manuals {
		var want []string
		for _, e := range []string{"arthur", "eddie"} { // recipe = engine here
			if visibleByHand[e][m.Name] == m.Path {
				want = append(want, e)
			}
		}
		if !slices.Equal(m.Recipes, want) && len(m.Recipes)+len(want) > 0 {
			t.Errorf("manifest: %s is reached by recipes %v, want %v", m.Path, m.Recipes, want)
		}
	}
}

// TestConsumersAgreeOnVisibility asks every consumer of the visibility
// rule, as each engine and as none: lore read (build.Project.Ask and
// search.Read), lore list and how_do_i (the catalog), the MCP tools
// manual_list and manual_read, the MCP resources (list and read) and the
// site's engine filter must see the same manuals, name → file, and for the
// engines that is the hand-made table.
func TestConsumersAgreeOnVisibility(t *testing.T) {
	dir, res := builtVisibility(t)
	p, err := build.Load(build.Options{FS: afero.NewOsFs(), Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	cat, err := search.Open(filepath.Join(res.Out, filepath.FromSlash(build.CatalogDir)))
	if err != nil {
		t.Fatal(err)
	}
	defer cat.Close()
	site := siteViews(t, res.Out)
	names := p.Manuals.Names()
	// The source of each file, to tell which one an MCP answer is.
	bySource := map[string]string{}
	for _, m := range p.Manuals.Manuals {
		bySource[string(m.Src)] = p.RelPath(m.Path)
	}

	for _, engine := range []string{"arthur", "eddie", ""} {
		got := map[string]map[string]string{}
		put := func(who, name, path string) {
			if got[who] == nil {
				got[who] = map[string]string{}
			}
			if prev, dup := got[who][name]; dup && prev != path {
				t.Errorf("engine %q, %s: %s twice, %s and %s", engine, who, name, prev, path)
			}
			got[who][name] = path
		}

		// lore read: every name through the engine's cascade.
		c, err := p.Ask(engine, nil, false)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			m, _, err := search.Read(p.Manuals, c, n, p.RelPath)
			if err == nil {
				put("read", n, p.RelPath(m.Path))
			}
		}

		// lore list and how_do_i: the catalog.
		v, err := cat.VisibilityFor(engine, nil, false)
		if err != nil {
			t.Fatal(err)
		}
		hits, err := cat.List(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hits {
			if h.Kind == search.KindManual {
				put("list", h.Name, h.Path)
			}
		}
		got["howdoi"] = map[string]string{}
		for _, m := range p.Manuals.Manuals {
			a, err := cat.HowDoI(m.Triggers[0], v)
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range a.Ranked {
				if h.Kind != search.KindManual {
					continue
				}
				if want, ok := got["list"][h.Name]; !ok || want != h.Path {
					t.Errorf("engine %q: how_do_i(%q) ranks %s (%s), which list does not show", engine, m.Triggers[0], h.Name, h.Path)
				}
				if h.Name == m.Name {
					put("howdoi", h.Name, h.Path)
				}
			}
		}

		// The MCP server: tools and resources.
		s, err := mcpserver.New(mcpserver.Options{Project: build.Options{FS: afero.NewOsFs(), Dir: dir}, Engine: engine, OpenRouter: mcpserver.OpenCatalog})
		if err != nil {
			t.Fatal(err)
		}
		cs := connectMCP(t, s)
		lr, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "manual_list", Arguments: map[string]any{}})
		if err != nil || lr.IsError {
			t.Fatalf("manual_list: %v %v", err, lr)
		}
		var listed struct{ Manuals []struct{ Name string } }
		b, _ := json.Marshal(lr.StructuredContent)
		if err := json.Unmarshal(b, &listed); err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			rr, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "manual_read", Arguments: map[string]any{"name": n}})
			if err != nil {
				t.Fatal(err)
			}
			if text := rr.Content[0].(*mcp.TextContent).Text; !rr.IsError {
				put("manual_read", n, bySource[text])
			} else if _, leaked := bySource[text]; leaked {
				t.Errorf("engine %q: manual_read(%s) is an error that holds a manual", engine, n)
			}
			res, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "lore://manual/" + n})
			if err == nil {
				put("resources/read", n, bySource[res.Contents[0].Text])
			}
		}
		for _, l := range listed.Manuals {
			put("manual_list", l.Name, got["manual_read"][l.Name])
		}
		rl, err := cs.ListResources(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rl.Resources {
			if n, ok := strings.CutPrefix(r.URI, "lore://manual/"); ok {
				put("resources/list", n, got["resources/read"][n])
			}
		}
		cs.Close()
		s.Close()

		want := got["read"]
		if engine != "" {
			if !maps.Equal(want, visibleByHand[engine]) {
				t.Errorf("engine %s: read returns %v, want %v", engine, want, visibleByHand[engine])
			}
			got["site"] = site[engine]
		}
		for who, saw := range got {
			if !maps.Equal(saw, want) {
				t.Errorf("engine %q: %s sees %v, read %v", engine, who, saw, want)
			}
		}
		consumers := 7 // read, list, howdoi, manual_read, manual_list, resources/read, resources/list
		if engine != "" {
			consumers++ // the site's engine filter
		}
		if len(got) != consumers {
			t.Errorf("engine %q: %d consumers answered, want %d", engine, len(got), consumers)
		}
	}
}

// connectMCP connects a client to s over the in-memory transport.
func connectMCP(t *testing.T, s *mcpserver.Server) *mcp.ClientSession {
	t.Helper()
	st, ct := mcp.NewInMemoryTransports()
	if _, err := s.MCP().Connect(context.Background(), st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}
