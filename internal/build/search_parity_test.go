package build_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/search"
)

// parityTop is how far down the site's results the manual how_do_i routes
// to may be.
const parityTop = 5

// TestSearchParity runs the queries of testdata/search/parity.tsv through
// the catalog's how_do_i and through the built site's search (the browser's
// engine under node) over the example project: the manual how_do_i routes
// (loaded, or its first alternative) must be among the site's top
// parityTop results. Both analyse with internal/textan, the site's engine
// with the data the index carries.
func TestSearchParity(t *testing.T) {
	node := nodePath(t)
	queries := parityQueries(t)
	p := loadExample(t)

	dir := filepath.Join(t.TempDir(), "catalog")
	if _, err := search.Build(dir, p.CatalogSource()); err != nil {
		t.Fatal(err)
	}
	c, err := search.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()

	// The site, built in memory over the repository, its search index
	// copied out for node.
	fsys := afero.NewCopyOnWriteFs(afero.NewReadOnlyFs(afero.NewOsFs()), afero.NewMemMapFs())
	res, err := build.Run(build.RunOptions{Options: build.Options{FS: fsys, Dir: repoRoot}, Out: "/parity-out", NoCache: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed {
		t.Fatalf("the example project does not build: %s", res.Lint.Diagnostics.Summary())
	}
	site := t.TempDir()
	for name, b := range files(t, fsys, "/parity-out/search") {
		p := filepath.Join(site, "search", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	found := siteSearch(t, node, filepath.Join(site, "search", "index.json"), queries)

	routed := 0
	for _, q := range queries {
		ans, err := c.HowDoI(q, search.Visibility{AnyTools: true})
		if err != nil {
			t.Fatal(err)
		}
		var want string
		switch {
		case ans.Loaded != nil:
			want = ans.Loaded.Name
		case len(ans.Alternatives) > 0:
			want = ans.Alternatives[0].Name
		default:
			t.Logf("%q: how_do_i gives a hint; the site lists %v", q, found[q])
			continue
		}
		routed++
		names := found[q]
		if len(names) > parityTop {
			names = names[:parityTop]
		}
		if !slices.Contains(names, want) {
			t.Errorf("%q: how_do_i routes %s, the site's search lists %v", q, want, found[q])
		}
	}
	// Most rows must route, or the table tests nothing.
	if routed*5 < len(queries)*4 {
		t.Errorf("how_do_i routes %d of %d queries; the table needs rows it routes", routed, len(queries))
	}
	t.Logf("%d queries, %d routed by how_do_i, all among the site's top %d", len(queries), routed, parityTop)
}

// parityQueries reads testdata/search/parity.tsv.
func parityQueries(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, "testdata", "search", "parity.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var qs []string
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			qs = append(qs, line)
		}
	}
	if len(qs) < 20 {
		t.Fatalf("%d queries in parity.tsv, want 20 or more", len(qs))
	}
	return qs
}

// nodePath returns node's path: missing, the test fails under CI=true and
// is skipped otherwise.
func nodePath(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("node")
	if err == nil {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("node is required under CI=true")
	}
	t.Skip("node not found; skipped (it is required under CI=true)")
	return ""
}

// siteSearch runs queries with the browser's engine over the index at
// manifest and returns the names of each query's results, best first.
func siteSearch(t *testing.T, node, manifest string, queries []string) map[string][]string {
	t.Helper()
	script := filepath.Join(repoRoot, "internal", "site", "searchindex", "testdata", "query.mjs")
	// Whole words, as a request is: no prefix matching of a word being typed.
	args := []string{script, manifest, "--limit", "10"}
	for _, q := range queries {
		args = append(args, q+" ")
	}
	cmd := exec.Command(node, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.Bytes())
	}
	found := map[string][]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r struct {
			Query string   `json:"query"`
			Names []string `json:"names"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%v: %s", err, sc.Bytes())
		}
		found[strings.TrimSuffix(r.Query, " ")] = r.Names
	}
	if len(found) != len(queries) {
		t.Fatalf("node answered %d of %d queries:\n%s", len(found), len(queries), out)
	}
	return found
}
