package build_test

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/search"
)

func indexProject(t *testing.T) afero.Fs {
	t.Helper()
	fs := afero.NewMemMapFs()
	for p, s := range map[string]string{
		"proj/lore.yaml": "tools:\n  web_fetch: Fetch a page.\n",
		"proj/manuals/charts.md": "---\ntriggers: chart, Diagramm\nsummary: Show charts inline.\n---\n# Charts\n\n" +
			"Put the data in a chart fence.\n",
	} {
		if err := afero.WriteFile(fs, p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return fs
}

// The build writes the catalog to lore/catalog.bleve/ of its output, with
// its description and the inputs' hash, and the manifest points at it.
func TestRunWritesCatalog(t *testing.T) {
	fs := indexProject(t)
	res, err := build.Run(build.RunOptions{Options: build.Options{FS: fs, Dir: "proj"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed || res.Catalog == nil {
		t.Fatalf("build failed or wrote no catalog: %+v", res.Lint.Diagnostics)
	}
	b, err := afero.ReadFile(fs, "proj/public/lore/catalog.bleve/"+search.MetaFile)
	if err != nil {
		t.Fatal(err)
	}
	meta, err := search.DecodeMeta(b)
	if err != nil {
		t.Fatal(err)
	}
	if meta.InputsSHA256 != res.Catalog.InputsSHA256 || meta.Documents != 2 || res.Catalog.Path != build.CatalogDir+"/" {
		t.Errorf("catalog %+v, meta %+v", res.Catalog, meta)
	}
	// The copied catalog opens and answers.
	dir := t.TempDir()
	if err := copyOut(fs, "proj/public/lore/catalog.bleve", dir); err != nil {
		t.Fatal(err)
	}
	c, err := search.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	a, err := c.HowDoI("Diagramme zeigen", search.Visibility{AnyTools: true})
	if err != nil {
		t.Fatal(err)
	}
	if a.Loaded == nil || a.Loaded.Name != "charts" {
		t.Errorf("answer %+v", a)
	}
}

// An unchanged project reuses the previous catalog instead of rebuilding
// it: its files are carried over, the very files (hard links), even when
// the build is not skipped (a file was added to the catalog's folder since,
// which the new output does not have: a build from scratch would not make
// it). A changed manual makes a new one.
func TestRunReusesUnchangedCatalog(t *testing.T) {
	proj := filepath.Join(t.TempDir(), "proj")
	fs := afero.NewOsFs()
	for p, s := range map[string]string{
		"lore.yaml":         "tools:\n  web_fetch: Fetch a page.\n",
		"manuals/charts.md": "---\ntriggers: chart, Diagramm\nsummary: Show charts inline.\n---\n# Charts\n\nPut the data in a chart fence.\n",
	} {
		if err := fs.MkdirAll(filepath.Join(proj, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := afero.WriteFile(fs, filepath.Join(proj, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func() *build.Result {
		t.Helper()
		return mustBuild(t, build.RunOptions{Options: build.Options{FS: fs, Dir: proj}})
	}
	catalog := filepath.Join(proj, "public", filepath.FromSlash(build.CatalogDir))
	stats := func() map[string]os.FileInfo {
		t.Helper()
		out := map[string]os.FileInfo{}
		err := filepath.Walk(catalog, func(p string, fi os.FileInfo, err error) error {
			if err == nil && !fi.IsDir() {
				out[p] = fi
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	run()
	before := stats()
	marker := filepath.Join(catalog, "marker")
	if err := os.WriteFile(marker, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := run()
	if res.UpToDate {
		t.Fatal("a file added to the output did not make the build look at it")
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("a file added to the published catalog was carried into the next output")
	}
	after := stats()
	if len(after) != len(before) {
		t.Errorf("the catalog had %d files, now %d", len(before), len(after))
	}
	for p, fi := range before {
		if now, ok := after[p]; !ok || !os.SameFile(fi, now) {
			t.Errorf("the unchanged catalog was rebuilt, not reused: %s is another file", p)
		}
	}
	for _, p := range res.Changed {
		if strings.HasPrefix(p, build.CatalogDir+"/") && p != build.CatalogDir+"/marker" { // removed
			t.Errorf("the unchanged catalog's %s was written", p)
		}
	}
	meta := func() string {
		t.Helper()
		m, err := search.ReadMeta(catalog)
		if err != nil {
			t.Fatal(err)
		}
		return m.InputsSHA256
	}
	was := meta()
	if err := afero.WriteFile(fs, filepath.Join(proj, "manuals", "images.md"), []byte("# Images\n\nShow images.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run()
	if meta() == was {
		t.Error("a changed project reused the old catalog")
	}
}

// A build updates a copy of the published catalog with the writer state
// the build before kept in the cache, and the result answers as a catalog
// built from scratch; a state that does not fit is not trusted.
func TestRunUpdatesPublishedCatalog(t *testing.T) {
	dir := t.TempDir()
	osfs := afero.NewBasePathFs(afero.NewOsFs(), dir)
	for p, s := range map[string]string{
		"proj/lore.yaml":          "tools:\n  web_fetch: Fetch a page.\n",
		"proj/manuals/charts.md":  "---\ntriggers: chart, Diagramm\nsummary: Show charts inline.\n---\n# Charts\n\nPut the data in a chart fence.\n",
		"proj/manuals/images.md":  "---\ntriggers: image, Bild\nsummary: Show images inline.\n---\n# Images\n\nUse an image link.\n",
		"proj/manuals/tables.md":  "---\ntriggers: table, Tabelle\nsummary: Show tables inline.\n---\n# Tables\n\nUse a Markdown table.\n",
		"proj/manuals/quotes.md":  "---\ntriggers: quote, Zitat\nsummary: Quote sources.\n---\n# Quotes\n\nUse a block quote.\n",
		"proj/manuals/letters.md": "---\ntriggers: letter, Brief\nsummary: Write letters.\n---\n# Letters\n\nOpen with a greeting.\n",
	} {
		if err := osfs.MkdirAll(path.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := afero.WriteFile(osfs, p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func() *build.Result {
		t.Helper()
		return mustBuild(t, build.RunOptions{Options: build.Options{FS: osfs, Dir: "proj"}})
	}
	answer := func(intent string) string {
		t.Helper()
		c, err := search.Open(filepath.Join(dir, "proj", "public", filepath.FromSlash(build.CatalogDir)))
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		a, err := c.HowDoI(intent, search.Visibility{AnyTools: true})
		if err != nil {
			t.Fatal(err)
		}
		if a.Loaded == nil {
			return ""
		}
		return a.Loaded.Name + ": " + a.Loaded.Content
	}
	run()
	edit := func(p, text string) {
		t.Helper()
		if err := afero.WriteFile(osfs, p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		past := time.Now().Add(-time.Hour)
		if err := osfs.Chtimes(p, past, past); err != nil {
			t.Fatal(err)
		}
	}
	edit("proj/manuals/images.md", "---\ntriggers: image, Bild, harbour photo\nsummary: Show images inline.\n---\n# Images\n\nUse an image link to the harbour photo.\n")
	res := run()
	if got := answer("harbour photo"); !strings.HasPrefix(got, "images: ") || !strings.Contains(got, "link to the harbour photo") {
		t.Errorf("after the edit, how_do_i answers %q", got)
	}
	fresh := mustBuild(t, build.RunOptions{Options: build.Options{FS: osfs, Dir: "proj"}, NoCache: true, Out: "proj/fresh"})
	sameOutput(t, "updated catalog", files(t, osfs, fresh.Out), files(t, osfs, res.Out))

	// A damaged published catalog is not updated but built anew.
	if err := afero.WriteFile(osfs, "proj/public/lore/catalog.bleve/"+search.ContentDir+"/0000.txt", []byte("garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	edit("proj/manuals/tables.md", "---\ntriggers: table, Tabelle, tide table\nsummary: Show tables inline.\n---\n# Tables\n\nUse a Markdown table.\n")
	run()
	if got := answer("tide table"); !strings.HasPrefix(got, "tables: ") {
		t.Errorf("after the second edit, how_do_i answers %q", got)
	}
}

// BuildCatalog (lore index) skips an up-to-date catalog.
func TestBuildCatalogUpToDate(t *testing.T) {
	p, err := build.Load(build.Options{FS: indexProject(t), Dir: "proj"})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "lore", "catalog.bleve")
	if _, fresh, err := build.BuildCatalog(p, build.IndexOptions{Dir: dir}); err != nil || !fresh {
		t.Fatalf("first build: fresh %v, %v", fresh, err)
	}
	if _, fresh, err := build.BuildCatalog(p, build.IndexOptions{Dir: dir}); err != nil || fresh {
		t.Fatalf("second build: fresh %v, %v; want up to date", fresh, err)
	}
	if _, fresh, err := build.BuildCatalog(p, build.IndexOptions{Dir: dir, Force: true}); err != nil || !fresh {
		t.Fatalf("forced build: fresh %v, %v", fresh, err)
	}
	if entries, _ := os.ReadDir(filepath.Dir(dir)); len(entries) != 1 {
		t.Errorf("staging folders left behind: %v", entries)
	}
}

// copyOut copies a folder of fs to an OS folder.
func copyOut(fs afero.Fs, from, to string) error {
	return afero.Walk(fs, from, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		target := filepath.Join(to, rel)
		if fi.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := afero.ReadFile(fs, p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
}

// Builds leave no catalog folder behind in the temporary folder: not a
// single build stopped by lint errors, not a render that fails, not a
// session closed while the catalog of a stopped build is still being made.
func TestBuildsLeaveNoTemporaryCatalogs(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	fs := indexProject(t)
	broken := "proj/manuals/broken.md"
	if err := afero.WriteFile(fs, broken, []byte("---\ntriggers: [a, b]\n---\n# Broken\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := build.Run(build.RunOptions{Options: build.Options{FS: fs, Dir: "proj"}})
	if err != nil || !res.Failed {
		t.Fatalf("want a failed build, got %v", err)
	}
	s := build.NewSession(build.RunOptions{Options: build.Options{FS: fs, Dir: "proj"}})
	if res, err := s.Build(); err != nil || !res.Failed {
		t.Fatalf("want a failed build, got %v", err)
	}
	s.Close()
	if err := fs.Remove(broken); err != nil {
		t.Fatal(err)
	}
	mustBuild(t, build.RunOptions{Options: build.Options{FS: fs, Dir: "proj"}})
	left, err := filepath.Glob(filepath.Join(tmp, "lore-catalog-*"))
	if err != nil || len(left) > 0 {
		t.Errorf("left behind: %v (%v)", left, err)
	}
}
