package build_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/fixture"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

const siteFixture = "../../testdata/site/fixture.txtar"

// buildFixture builds the fixture project in memory and returns the file
// system and the output folder.
func buildFixture(t *testing.T) (afero.Fs, *build.Result) {
	t.Helper()
	fsys := fixture.Mem(t, siteFixture)
	res, err := build.Run(build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed {
		t.Fatalf("the fixture does not build: %s", res.Lint.Diagnostics.Summary())
	}
	return fsys, res
}

// files returns every file under dir of fsys, by slash path relative to
// dir.
func files(t *testing.T, fsys afero.Fs, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := afero.Walk(fsys, dir, func(p string, fi fs.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		b, err := afero.ReadFile(fsys, p)
		rel := strings.TrimPrefix(filepath.ToSlash(p), dir+"/")
		out[rel] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// goldenFile reports whether a file of the output is compared with a
// golden file: the pages, the sitemap, robots.txt, the manifest and the
// search index's manifest and document records (what the search finds).
// The catalog (lore/catalog.bleve/) and the bundles have tests of their
// own; the search's term shards are binary.
func goldenFile(name string) bool {
	if strings.HasPrefix(name, "lore/") {
		return false
	}
	switch path.Ext(name) {
	case ".html", ".xml", ".txt":
		return true
	case ".json":
		return name == "manifest.json" || strings.HasPrefix(name, "search/")
	}
	return false
}

// TestSiteGolden compares the fixture's output files that goldenFile names
// with testdata/golden/site (go test -update rewrites them).
func TestSiteGolden(t *testing.T) {
	fsys, res := buildFixture(t)
	got := files(t, fsys, res.Out)
	golden := filepath.Join("..", "..", "testdata", "golden", "site")
	checked := 0
	for name, b := range got {
		if !goldenFile(name) {
			continue
		}
		checked++
		file := filepath.Join(golden, filepath.FromSlash(name))
		if *update {
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, b, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Errorf("%s: no golden file (run go test ./build -update): %v", name, err)
			continue
		}
		if !bytes.Equal(b, want) {
			t.Errorf("%s differs from %s (run go test ./build -update and review the diff):\n%s", name, file, firstDiff(string(want), string(b)))
		}
	}
	if !*update {
		// A golden file without a page means a page disappeared.
		_ = filepath.WalkDir(golden, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(golden, p)
			if _, ok := got[filepath.ToSlash(rel)]; !ok {
				t.Errorf("%s: golden file without output", rel)
			}
			return nil
		})
	}
	if checked < 10 {
		t.Fatalf("only %d files checked: the fixture did not render", checked)
	}
}

func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return "line " + strconv.Itoa(i+1) + ":\n  want: " + a + "\n  got:  " + b
		}
	}
	return ""
}

// TestSitePages checks what the pages must contain, independent of the
// golden files: hook links, escaped raw HTML, filtered links, the copied
// image, the shadowing, the content sidebar and the fingerprinted assets.
func TestSitePages(t *testing.T) {
	fsys, res := buildFixture(t)
	got := files(t, fsys, res.Out)
	page := func(p string) string {
		t.Helper()
		b, ok := got[p]
		if !ok {
			t.Fatalf("no page %s; have %v", p, slices.Sorted(mapsKeys(got)))
		}
		return string(b)
	}
	overview := page("manuals/embed-overview.html")
	mustContain(t, overview, `<a class="hook" href="../manuals/images.html"><code>manual_read(&#39;images&#39;)</code></a>`)
	// arthur's cascade puts the embedding family first: fences.html is the
	// embedding file, the top-level one is the second file of that name.
	mustContain(t, overview, `<a class="hook" href="../manuals/fences.html">`)
	fences := page("manuals/fences.html")
	mustContain(t, fences, "manuals/embedding/fences.md")
	mustContain(t, fences, `<h3>Shadows</h3>`)
	shadowed := page("manuals/fences~2.html")
	mustContain(t, shadowed, `<h3>Shadowed by</h3>`)

	images := page("manuals/images.html")
	mustContain(t, images, `<code class="raw-html">&lt;b&gt;</code>`)
	mustContain(t, images, `&lt;div onclick=&#34;alert(1)&#34;&gt;`)
	mustContain(t, images, `<a href="https://example.org/help" rel="external noopener noreferrer">a page</a>`)
	mustContain(t, images, `<a href="../manuals/embed-overview.html#showing-things">the overview</a>`)
	mustContain(t, images, `<div class="code" data-lang="python"><pre class="chroma"><code><span class="line"><span class="cl"><span class="n">page</span>`) // highlighted
	mustContain(t, images, `https://git.example.org/fixture/edit/main/manuals/embedding/images.md`)
	if m := regexp.MustCompile(`<img src="\.\./(media/[0-9a-f]{16}\.svg)"`).FindStringSubmatch(images); m == nil {
		t.Errorf("the manual's image is not embedded from media/")
	} else if _, ok := got[m[1]]; !ok {
		t.Errorf("%s is linked but not written", m[1])
	}
	mustNotContain(t, images, "javascript:")

	home := page("index.html")
	for _, name := range []string{"embed-overview", "images", "fences", "processes", "review"} {
		mustContain(t, home, `>`+name+`</a>`)
	}
	mustContain(t, home, `<tr data-audience="arthur" data-engines="arthur" data-tools="">`)
	mustContain(t, home, `<option value="web_fetch">web_fetch</option>`)

	doc := page("docs/getting-started.html")
	mustContain(t, doc, `<a href="../manuals/images.html">the images manual</a>`)
	mustContain(t, doc, `<a href="../docs/guide/format.html">the format</a>`)
	// The sidebar: Getting started (10) before the Guide group (15).
	if i, j := strings.Index(doc, ">Getting started<"), strings.Index(doc, ">Guide<"); i < 0 || j < 0 || i > j {
		t.Errorf("sidebar is not ordered by weight")
	}
	mustContain(t, page("docs/guide/format.html"), `<a class="hook" href="../../manuals/images.html">`)

	for _, p := range []string{"lint.html", "rules.html", "graph.html", "404.html", "sitemap.xml", "robots.txt", "manifest.json", "lore/manifest.schema.json"} {
		page(p)
	}
	mustContain(t, page("rules.html"), `id="rule-size-hard-limit"`)
	mustContain(t, page("graph.html"), `<a class="node" href="manuals/images.html">`)
	mustContain(t, page("404.html"), `<base href="/manuals/">`)
	mustContain(t, page("sitemap.xml"), `<loc>https://docs.example.org/manuals/manuals/images.html</loc>`)
	mustContain(t, page("robots.txt"), "Sitemap: https://docs.example.org/manuals/sitemap.xml")

	// Assets are fingerprinted and every page names the same ones.
	assetRE := regexp.MustCompile(`(?:href|src)="\.\./(assets/[a-z]+-[A-Z0-9]{8}\.(?:css|js))"`)
	refs := assetRE.FindAllStringSubmatch(images, -1)
	if len(refs) != 3 {
		t.Fatalf("want 3 fingerprinted assets on a page, got %v", refs)
	}
	for _, r := range refs {
		if _, ok := got[r[1]]; !ok {
			t.Errorf("page links %s, which was not written", r[1])
		}
	}
}

func mapsKeys(m map[string][]byte) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func mustContain(t *testing.T, s, sub string) {
	t.Helper()
	if !strings.Contains(s, sub) {
		t.Errorf("missing %q", sub)
	}
}

func mustNotContain(t *testing.T, s, sub string) {
	t.Helper()
	if strings.Contains(s, sub) {
		t.Errorf("unexpected %q", sub)
	}
}

// TestManifestSchema validates the fixture's manifest.json against the
// published JSON Schema.
func TestManifestSchema(t *testing.T) {
	fsys, res := buildFixture(t)
	b, err := afero.ReadFile(fsys, path.Join(res.Out, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	sch := compileSchema(t)
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Fatalf("manifest.json does not follow its schema: %v", err)
	}
	var mf build.Manifest
	if err := json.Unmarshal(b, &mf); err != nil {
		t.Fatal(err)
	}
	if mf.Schema != "lore.manifest/v1" || len(mf.Manuals) != 6 {
		t.Fatalf("schema %q, %d manuals", mf.Schema, len(mf.Manuals))
	}
	for _, m := range mf.Manuals {
		if _, err := afero.ReadFile(fsys, path.Join(res.Out, m.URL)); err != nil {
			t.Errorf("manual %s: url %s has no page", m.Name, m.URL)
		}
	}

	// The schema is not a rubber stamp: a manifest that breaks it fails.
	var raw map[string]any
	_ = json.Unmarshal(b, &raw)
	raw["schema"] = "lore.manifest/v2"
	delete(raw["manuals"].([]any)[0].(map[string]any), "sha256")
	bad, _ := json.Marshal(raw)
	inst, _ = jsonschema.UnmarshalJSON(bytes.NewReader(bad))
	if err := sch.Validate(inst); err == nil {
		t.Fatal("a manifest with a wrong schema and a manual without sha256 validated")
	}
}

func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(build.ManifestJSONSchema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("manifest.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("manifest.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// TestBuildDeterministic builds the fixture twice and compares every file
// byte for byte (the catalog index is excluded: bleve's bytes are not
// deterministic, its inputs hash is in the manifest).
func TestBuildDeterministic(t *testing.T) {
	fs1, r1 := buildFixture(t)
	fs2, r2 := buildFixture(t)
	a, b := files(t, fs1, r1.Out), files(t, fs2, r2.Out)
	for name := range a {
		if strings.HasPrefix(name, "lore/catalog.bleve/") {
			continue
		}
		if !bytes.Equal(a[name], b[name]) {
			t.Errorf("%s differs between two builds", name)
		}
	}
	if len(a) != len(b) {
		t.Errorf("%d files, then %d", len(a), len(b))
	}
}

// TestFailedBuildKeepsPublic: a build stopped by lint errors, or failing
// while rendering, leaves the previous public/ exactly as it was and no
// staging folder behind.
func TestFailedBuildKeepsPublic(t *testing.T) {
	fsys, res := buildFixture(t)
	before := files(t, fsys, res.Out)

	// A lint error stops the build before anything is written.
	if err := afero.WriteFile(fsys, "manuals/broken.md", []byte("---\ntriggers: [a, b]\n---\n# Broken\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r2, err := build.Run(build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}})
	if err != nil || !r2.Failed {
		t.Fatalf("want a failed build, got err=%v failed=%v", err, r2 != nil && r2.Failed)
	}
	_ = fsys.Remove("manuals/broken.md")

	// A broken theme layout fails while rendering, after the stage began.
	if err := afero.WriteFile(fsys, "theme/layouts/manual.html", []byte(`{{define "main"}}{{.Nope.Nope}}{{end}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = build.Run(build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}})
	if err == nil || !strings.Contains(err.Error(), "manual") {
		t.Fatalf("want a render error naming the layout, got %v", err)
	}

	after := files(t, fsys, res.Out)
	if len(after) != len(before) {
		t.Fatalf("public/ had %d files, now %d", len(before), len(after))
	}
	for name, b := range before {
		if !bytes.Equal(after[name], b) {
			t.Errorf("%s changed after a failed build", name)
		}
	}
	entries, _ := afero.ReadDir(fsys, ".")
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "public.") {
			t.Errorf("staging folder %s left behind", e.Name())
		}
	}
}

// TestThemeOverride: a file in the project's theme/ replaces the embedded
// one; the others stay.
func TestThemeOverride(t *testing.T) {
	fsys := fixture.Mem(t, siteFixture)
	footer := `{{define "footer"}}<footer class="bottom"><p>Our own footer</p></footer>{{end}}`
	if err := afero.WriteFile(fsys, "theme/layouts/partials/footer.html", []byte(footer), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := afero.WriteFile(fsys, "theme/assets/css/prose.css", []byte(".prose { --fixture-override: 1; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := build.Run(build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}})
	if err != nil {
		t.Fatal(err)
	}
	got := files(t, fsys, res.Out)
	if !strings.Contains(string(got["index.html"]), "Our own footer") {
		t.Error("the overriding footer is not used")
	}
	if !strings.Contains(string(got["index.html"]), `class="catalog"`) {
		t.Error("the embedded home layout is gone")
	}
	var css string
	for name, b := range got {
		if strings.HasPrefix(name, "assets/main-") && strings.HasSuffix(name, ".css") {
			css = string(b)
		}
	}
	if !strings.Contains(css, "--fixture-override") || !strings.Contains(css, ".catalog") {
		t.Error("the stylesheet does not combine the override with the embedded files")
	}
}

// The example project's manifest (with bundles and task templates, which
// the fixture lacks) follows the schema too, and every file it names is
// published.
func TestExampleManifestSchema(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	res, err := build.Run(build.RunOptions{Options: build.Options{FS: afero.NewOsFs(), Dir: repoRoot}, Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed {
		t.Fatalf("the example does not build: %s", res.Lint.Diagnostics.Summary())
	}
	b, err := os.ReadFile(filepath.Join(out, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if err := compileSchema(t).Validate(inst); err != nil {
		t.Fatalf("the example's manifest.json does not follow its schema: %v", err)
	}
	var mf build.Manifest
	if err := json.Unmarshal(b, &mf); err != nil {
		t.Fatal(err)
	}
	if len(mf.Bundles) == 0 || len(mf.Templates) == 0 || mf.Catalog == nil {
		t.Fatalf("%d bundles, %d templates, catalog %v: the example has all three", len(mf.Bundles), len(mf.Templates), mf.Catalog)
	}
	var paths []string
	for _, m := range mf.Manuals {
		paths = append(paths, m.URL)
	}
	for _, e := range mf.Bundles {
		paths = append(paths, e.Path)
	}
	for _, e := range mf.Templates {
		paths = append(paths, e.Path)
	}
	for _, p := range paths {
		if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(p))); err != nil {
			t.Errorf("the manifest names %s, which is not published", p)
		}
	}
}
