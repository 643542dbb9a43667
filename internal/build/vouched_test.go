package build_test

import (
	"os"
	"path"
	"testing"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/search"
)

// TestVouched: the output of a build on this machine is vouched for; a
// catalog file written since, a file added to the catalog, or a file no
// build wrote are not.
func TestVouched(t *testing.T) {
	fsys, res := buildFixture(t)
	p, err := build.Load(build.Options{FS: fsys, Dir: "."})
	if err != nil {
		t.Fatal(err)
	}
	if !build.Vouched(p, res.Out, "manifest.json", build.CatalogDir) {
		t.Fatal("the build's own output is not vouched for")
	}
	meta := path.Join(res.Out, build.CatalogDir, "lore-catalog.json")
	b, err := afero.ReadFile(fsys, meta)
	if err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour)
	if err := fsys.Chtimes(meta, later, later); err != nil {
		t.Fatal(err)
	}
	if build.Vouched(p, res.Out, build.CatalogDir) {
		t.Error("a catalog file written after the build is vouched for")
	}
	if err := afero.WriteFile(fsys, meta, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if !build.Vouched(p, res.Out, "manifest.json") {
		t.Error("manifest.json is no longer vouched for after a catalog file changed")
	}
	extra := path.Join(res.Out, build.CatalogDir, "extra.json")
	if err := afero.WriteFile(fsys, extra, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if build.Vouched(p, res.Out, build.CatalogDir) {
		t.Error("a catalog with a file no build wrote is vouched for")
	}
	if build.Vouched(p, res.Out, "no-such-file.json") {
		t.Error("a missing file is vouched for")
	}
}

// TestProjectCatalogOwn: the catalog lore howdoi builds is reused by the
// next question; one changed since is built anew.
func TestProjectCatalogOwn(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"lore.yaml":         "title: t\nmanuals: [manuals]\n",
		"manuals/deploy.md": "---\nsummary: Deploy the app.\ntriggers: deploy\n---\n# Deploy\n\nRun the deploy script.\n",
	} {
		if err := os.MkdirAll(path.Dir(path.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p, err := build.Load(build.Options{FS: afero.NewOsFs(), Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	stamp := func(c string) time.Time {
		fi, err := os.Stat(path.Join(c, "lore-catalog.json"))
		if err != nil {
			t.Fatal(err)
		}
		return fi.ModTime()
	}
	c, _, err := build.ProjectCatalog(p)
	if err != nil {
		t.Fatal(err)
	}
	first := stamp(c)
	if again, _, err := build.ProjectCatalog(p); err != nil || !stamp(again).Equal(first) {
		t.Errorf("the second question built the catalog again (%v)", err)
	}
	later := first.Add(time.Hour)
	if err := os.Chtimes(path.Join(c, search.ContentDir, "0000.txt"), later, later); err != nil {
		t.Fatal(err)
	}
	if again, _, err := build.ProjectCatalog(p); err != nil || stamp(again).Equal(first) {
		t.Errorf("a catalog changed since it was built was reused (%v)", err)
	}
}
