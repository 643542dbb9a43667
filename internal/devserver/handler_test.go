package devserver

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeRefusesPlantedLinks: symbolic links planted in the server's own
// build folder (to a file outside, to a folder outside, and one to a page
// inside) are never followed; the real pages are still served.
func TestServeRefusesPlantedLinks(t *testing.T) {
	s, _ := newServer(t)
	if !s.Rebuild() {
		t.Fatal("the fixture does not build")
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()

	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.txt")
	if err := os.WriteFile(secret, []byte("TOP-SECRET-CONTENTS\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	site := s.Dir()
	links := map[string]string{
		"leak.txt":            secret,
		"leak.html":           secret,
		"manuals/leak.css":    secret,
		"outside":             outside,
		"inside.html":         filepath.Join(site, "index.html"),
		"manuals/dir-in-site": filepath.Join(site, "manuals"),
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(site, filepath.FromSlash(name))); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("symbolic links unsupported: %v (CI must test the link checks)", err)
			}
			t.Skipf("symbolic links unsupported: %v", err)
		}
	}
	for _, url := range []string{"/leak.txt", "/leak.html", "/manuals/leak.css", "/outside/secret.txt", "/outside/", "/inside.html"} {
		code, body := get(t, ts.URL+url)
		if code != 404 {
			t.Errorf("GET %s: status %d, want 404", url, code)
		}
		if strings.Contains(body, "TOP-SECRET") {
			t.Errorf("GET %s served the file outside the build folder", url)
		}
	}
	if code, body := get(t, ts.URL+"/manuals/images.html"); code != 200 || !strings.Contains(body, "</html>") {
		t.Errorf("a real page: status %d", code)
	}
	if code, _ := get(t, ts.URL+"/"); code != 200 {
		t.Errorf("the home page: status %d", code)
	}
}
