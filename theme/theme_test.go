package theme

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

func TestDefaultHasLayoutsAndAssets(t *testing.T) {
	for _, f := range []string{"layouts/base.html", "layouts/home.html", "layouts/manual.html", "assets/css/main.css", "assets/js/main.js", "assets/js/search.js"} {
		if _, err := fs.Stat(Default(), f); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

func TestOverrideFileByFile(t *testing.T) {
	over := fstest.MapFS{
		"layouts/partials/footer.html": {Data: []byte("ours")},
		"layouts/partials/extra.html":  {Data: []byte("new")},
		"layouts":                      {Mode: fs.ModeDir},
	}
	th := New(over)
	if b, _ := fs.ReadFile(th, "layouts/partials/footer.html"); string(b) != "ours" {
		t.Errorf("footer: %q, want the override", b)
	}
	if b, _ := fs.ReadFile(th, "layouts/base.html"); !strings.Contains(string(b), "<!DOCTYPE html>") {
		t.Error("base.html no longer comes from the default theme")
	}
	f, err := th.Open("layouts/partials/header.html")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	entries, err := fs.ReadDir(th, "layouts/partials")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	got := strings.Join(names, ",")
	if !strings.Contains(got, "extra.html") || !strings.Contains(got, "header.html") || strings.Count(got, "footer.html") != 1 {
		t.Errorf("merged listing: %s", got)
	}
	// A folder in the override does not hide the default's file of the
	// same path.
	if _, err := th.Open("layouts"); err != nil {
		t.Error(err)
	}
	if _, err := fs.ReadFile(th, "layouts/nope.html"); err == nil {
		t.Error("a file neither theme has was found")
	}
}
