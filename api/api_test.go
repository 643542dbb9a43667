package api_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lorekit/lore/api"
)

func TestAnswerJSON(t *testing.T) {
	m := api.Manual{Name: "images", Path: "manuals/images.md", Summary: "Show an image.", Score: 0.5, Content: "# Images\n"}
	for _, c := range []struct {
		a    api.Answer
		want string
	}{
		{api.Answer{Loaded: &m}, `{"loaded":{"name":"images","path":"manuals/images.md","summary":"Show an image.","score":0.5,"content":"# Images\n"}}`},
		{api.Answer{Alternatives: []api.Manual{m, {Name: "charts"}}}, `{"alternatives":[{"name":"images","path":"manuals/images.md","summary":"Show an image.","score":0.5},{"name":"charts","path":"","summary":"","score":0}]}`},
		{api.Answer{Hint: "ask for a manual by name"}, `{"hint":"ask for a manual by name"}`},
	} {
		b, err := json.Marshal(c.a)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != c.want {
			t.Errorf("got  %s\nwant %s", b, c.want)
		}
	}
}

// Errors of lore itself are errors, naming what to do; findings are not.
func TestErrors(t *testing.T) {
	empty := t.TempDir()
	if _, err := api.Lint(api.LintOptions{Project: api.Project{Dir: empty}}); err == nil {
		t.Error("linting a folder without manuals succeeded")
	}
	if _, err := api.OpenCatalog(empty); err == nil || !strings.Contains(err.Error(), "not a lore catalog") {
		t.Errorf("OpenCatalog of an empty folder: %v", err)
	}
	if _, err := api.Verify(filepath.Join(empty, "missing.json"), api.VerifyOptions{}); err == nil {
		t.Error("verifying a missing file succeeded")
	}
	bad := t.TempDir()
	if err := os.WriteFile(filepath.Join(bad, "lore.yaml"), []byte("recipes: [a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := api.Build(api.BuildOptions{Project: api.Project{Dir: bad}, NoCache: true}); err == nil || !strings.Contains(err.Error(), "lore.yaml") {
		t.Errorf("building with a broken lore.yaml: %v", err)
	}
}

// A build with an error finding fails, keeps the output folder as it was
// and reports the finding against the project-relative file.
func TestBuildFails(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "manuals"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "manuals", "a.md"), []byte("# A\n\nBefore charts: `manual_read('charts')`.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := api.Build(api.BuildOptions{Project: api.Project{Dir: dir}, NoCache: true})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Failed || r.Out != "" {
		t.Errorf("failed %v, out %q; want a failed build without output", r.Failed, r.Out)
	}
	var found bool
	for _, f := range r.Findings {
		if f.Rule == "ref/unknown-manual" {
			found = f.File == "manuals/a.md" && f.Severity == "error" && f.Line == 3 && f.Column > 0 && f.Message != ""
		}
	}
	if !found {
		t.Errorf("no ref/unknown-manual error on manuals/a.md:3 in %+v", r.Findings)
	}
	if _, err := os.Stat(filepath.Join(dir, "public")); !os.IsNotExist(err) {
		t.Errorf("a failed build wrote public/: %v", err)
	}
}

func TestHowDoIUnknownEngine(t *testing.T) {
	dir := exampleProject()
	defer os.RemoveAll(dir)
	b, err := api.Build(api.BuildOptions{Project: api.Project{Dir: dir}, NoCache: true})
	if err != nil {
		t.Fatal(err)
	}
	c, err := api.OpenCatalog(filepath.Join(b.Out, "lore", "catalog.bleve"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.HowDoI("show a chart", api.Asker{Engine: "zaphod"}); err == nil || !strings.Contains(err.Error(), "arthur") {
		t.Errorf("asking as an unknown engine: %v", err)
	}
	a, err := c.HowDoI("show a bar chart", api.Asker{Engine: "arthur", Tools: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	if a.Loaded == nil || a.Loaded.Path != "manuals/charts.md" || !strings.HasPrefix(a.Loaded.Content, "---\ntriggers: chart") {
		t.Errorf("answer %+v, want charts.md loaded with its content", a)
	}
}

// A closed catalog, a second Close and a Catalog not made by OpenCatalog
// are errors (or nothing), never panics: Close used to panic the second
// time (bleve closes a channel) and HowDoI after it reported a nil
// dereference inside lore.
func TestCatalogClosed(t *testing.T) {
	var zero *api.Catalog
	if err := zero.Close(); err != nil {
		t.Errorf("Close of a nil Catalog: %v", err)
	}
	if err := (&api.Catalog{}).Close(); err != nil {
		t.Errorf("Close of a zero Catalog: %v", err)
	}
	if _, err := zero.HowDoI("chart", api.Asker{}); err == nil || !strings.Contains(err.Error(), "OpenCatalog") {
		t.Errorf("HowDoI of a nil Catalog: %v", err)
	}
	dir := exampleProject()
	defer os.RemoveAll(dir)
	b, err := api.Build(api.BuildOptions{Project: api.Project{Dir: dir}, NoCache: true})
	if err != nil {
		t.Fatal(err)
	}
	c, err := api.OpenCatalog(b.Out)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error)
	go func() {
		_, err := c.HowDoI("show a bar chart", api.Asker{})
		done <- err
	}()
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil && !strings.Contains(err.Error(), "closed") {
		t.Errorf("HowDoI while closing: %v", err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := c.HowDoI("show a bar chart", api.Asker{}); err == nil || !strings.Contains(err.Error(), "the catalog is closed") {
		t.Errorf("HowDoI after Close: %v", err)
	}
}
