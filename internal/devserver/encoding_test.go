package devserver

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"github.com/lorekit/lore/internal/precompress"
)

func TestAccepts(t *testing.T) {
	for _, c := range []struct {
		header, coding string
		want           bool
	}{
		{"gzip, deflate, br", "br", true},
		{"gzip, deflate, br", "gzip", true},
		{"gzip;q=0.5, br;q=0", "br", false},
		{"gzip;q=0.5, br;q=0", "gzip", true},
		{"*", "br", true},
		{"*;q=0, gzip", "br", false},
		{"identity", "gzip", false},
		{"", "gzip", false},
		{"BR", "br", true},
	} {
		if got := accepts(c.header, c.coding); got != c.want {
			t.Errorf("accepts(%q, %q) = %v", c.header, c.coding, got)
		}
	}
}

// TestServeCompressed: lore serve's build writes no compressed siblings;
// the server compresses a text file as the request accepts (br before
// gzip), with Content-Encoding, the file's own type and Vary; pages are
// gzipped too (they carry the reload script); a request accepting nothing
// gets the plain file. A file replaced by a new one (renamed over it, as
// a build does) is sent as it is now, not as it was compressed before.
func TestServeCompressed(t *testing.T) {
	s, _ := newServer(t)
	if !s.Rebuild() {
		t.Fatal("the fixture does not build")
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	// The search's analysis data (tens of KB of JSON) is worth
	// compressing (a small site's search/index.json may be under
	// precompress.MinSize).
	file := filepath.Join(s.Dir(), "search", "a.json")
	plain, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(s.Dir(), func(p string, d fs.DirEntry, err error) error {
		if err == nil && precompress.IsSibling(p) {
			t.Errorf("the build wrote a sibling: %s", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	fetch := func(path, accept string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest("GET", ts.URL+path, nil)
		req.Header.Set("Accept-Encoding", accept) // set: the transport does not decode
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, b
	}
	for _, c := range []struct{ accept, coding string }{{"gzip, deflate, br", "br"}, {"gzip", "gzip"}, {"identity", ""}} {
		resp, body := fetch("/search/a.json", c.accept)
		if got := resp.Header.Get("Content-Encoding"); got != c.coding {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", c.accept, got, c.coding)
		}
		if v := resp.Header.Get("Vary"); !strings.Contains(v, "Accept-Encoding") {
			t.Errorf("Accept-Encoding %q: Vary %q", c.accept, v)
		}
		if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
			t.Errorf("Accept-Encoding %q: Content-Type %q", c.accept, ct)
		}
		if got := decode(t, c.coding, body); !bytes.Equal(got, plain) {
			t.Errorf("Accept-Encoding %q: the decoded body differs from the file", c.accept)
		}
	}
	// Replaced as a build replaces it: the same size, a new file.
	changed := bytes.Replace(plain, []byte(`"`), []byte(`'`), 1)
	if err := os.WriteFile(file+".new", changed, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(file+".new", file); err != nil {
		t.Fatal(err)
	}
	for _, coding := range []string{"br", "gzip"} {
		if _, body := fetch("/search/a.json", coding); !bytes.Equal(decode(t, coding, body), changed) {
			t.Errorf("%s: the file replaced is sent as it was", coding)
		}
	}
	resp, body := fetch("/manuals/images.html", "gzip, br")
	if resp.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(string(decode(t, "gzip", body)), "/_lore/reload.js") {
		t.Errorf("a page: Content-Encoding %q", resp.Header.Get("Content-Encoding"))
	}
}

func decode(t *testing.T, coding string, b []byte) []byte {
	t.Helper()
	var r io.Reader = bytes.NewReader(b)
	switch coding {
	case "br":
		r = brotli.NewReader(r)
	case "gzip":
		zr, err := gzip.NewReader(r)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
