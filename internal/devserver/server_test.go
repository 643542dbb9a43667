package devserver

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/fixture"
)

func newServer(t *testing.T) (*Server, string) {
	t.Helper()
	dir := t.TempDir()
	fixture.Dir(t, "../../testdata/site/fixture.txtar", dir)
	s, err := New(Options{Project: build.Options{FS: afero.NewOsFs(), Dir: dir}, Debounce: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s, dir
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// events connects to the event stream and delivers its events.
func events(t *testing.T, ctx context.Context, url string) <-chan event {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url+eventsPath, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	ch := make(chan event, 16)
	go func() {
		defer resp.Body.Close()
		defer close(ch)
		sc := bufio.NewScanner(resp.Body)
		var e event
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				e.name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				_ = json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &e.data)
			case line == "" && e.name != "":
				ch <- e
				e = event{}
			}
		}
	}()
	return ch
}

func next(t *testing.T, ch <-chan event, name string) event {
	t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case e, ok := <-ch:
			if !ok {
				t.Fatalf("event stream closed while waiting for %q", name)
			}
			if e.name == name {
				return e
			}
		case <-timeout:
			t.Fatalf("no %q event", name)
		}
	}
}

// TestServeLiveReload: an edited manual reaches the page, a broken one
// shows its error while the last good build stays online, and fixing it
// reloads again.
func TestServeLiveReload(t *testing.T) {
	dir, ts, ctx := watchedServer(t)

	code, page := get(t, ts.URL+"/manuals/images.html")
	if code != 200 || !strings.Contains(page, `<script src="/_lore/reload.js" defer></script>`+"\n</head>") {
		t.Fatalf("status %d, reload script not injected:\n%s", code, page)
	}
	ev := events(t, ctx, ts.URL)
	next(t, ev, "hello")

	file := filepath.Join(dir, "manuals", "embedding", "images.md")
	src, _ := os.ReadFile(file)
	if err := os.WriteFile(file, []byte(strings.Replace(string(src), "The chat renders Markdown images.", "The chat renders Markdown images, edited live.", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	next(t, ev, "reload")
	if _, page = get(t, ts.URL+"/manuals/images.html"); !strings.Contains(page, "edited live") {
		t.Fatal("the edit did not reach the page")
	}

	broken := filepath.Join(dir, "manuals", "broken.md")
	if err := os.WriteFile(broken, []byte("---\ntriggers: [a, b]\n---\n# Broken\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := next(t, ev, "builderror")
	if !strings.Contains(e.data, "broken.md:2") || !strings.Contains(e.data, "header/not-yaml") {
		t.Fatalf("the error event does not name the file, line and rule: %q", e.data)
	}
	if code, page = get(t, ts.URL+"/manuals/images.html"); code != 200 || !strings.Contains(page, "edited live") {
		t.Fatal("the last good build is no longer served")
	}
	// A page opened now learns about the failure at once.
	ev2 := events(t, ctx, ts.URL)
	next(t, ev2, "builderror")

	if err := os.Remove(broken); err != nil {
		t.Fatal(err)
	}
	next(t, ev, "reload")
}

func TestServeNotFoundAndAssets(t *testing.T) {
	s, _ := newServer(t)
	s.Rebuild()
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	code, page := get(t, ts.URL+"/no/such/page.html")
	if code != 404 || !strings.Contains(page, "Page not found") || !strings.Contains(page, "/_lore/reload.js") || !strings.Contains(page, `<base href="/">`) {
		t.Fatalf("404: status %d\n%s", code, page)
	}
	if code, _ = get(t, ts.URL+"/"); code != 200 {
		t.Fatalf("/ answered %d", code)
	}
	if code, body := get(t, ts.URL+scriptPath); code != 200 || !strings.Contains(body, "EventSource") {
		t.Fatalf("reload script: %d", code)
	}
	if code, _ = get(t, ts.URL+"/../../etc/passwd"); code != 404 {
		t.Fatalf("a path out of the site answered %d", code)
	}
}

func TestServeFirstBuildFails(t *testing.T) {
	s, dir := newServer(t)
	if err := os.WriteFile(filepath.Join(dir, "lore.yaml"), []byte("recipes: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if s.Rebuild() {
		t.Fatal("a broken lore.yaml built")
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	code, page := get(t, ts.URL+"/")
	if code != 503 || !strings.Contains(page, "lore.yaml") || !strings.Contains(page, "/_lore/reload.js") {
		t.Fatalf("status %d:\n%s", code, page)
	}
}

// TestServeEditedPageFirst: an edited manual's page is written, and open
// pages told to reload it, ahead of the build, which reloads again when
// it is done.
func TestServeEditedPageFirst(t *testing.T) {
	dir, ts, ctx := watchedServer(t)
	ev := events(t, ctx, ts.URL)
	next(t, ev, "hello")

	file := filepath.Join(dir, "manuals", "embedding", "images.md")
	src, _ := os.ReadFile(file)
	if err := os.WriteFile(file, append(src, "\nA paragraph added while serving.\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if e := next(t, ev, "reload"); e.data != "manuals/images.html" {
		t.Fatalf("the first reload names %q, want the edited page alone", e.data)
	}
	if _, page := get(t, ts.URL+"/manuals/images.html"); !strings.Contains(page, "A paragraph added while serving.") {
		t.Fatal("the edit is not on the page when it reloads")
	}
	next(t, ev, "reload") // the build's
	if _, page := get(t, ts.URL+"/manuals/images.html"); !strings.Contains(page, "A paragraph added while serving.") {
		t.Fatal("the build lost the edit")
	}
}

// watchedServer starts a server on the fixture, built, serving and
// watching the project until the test ends; it returns the project's
// folder, the test server and the context the watcher runs in.
func watchedServer(t *testing.T) (string, *httptest.Server, context.Context) {
	t.Helper()
	s, dir := newServer(t)
	if !s.Rebuild() {
		t.Fatal("the fixture does not build")
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	run, err := s.Watch(ctx)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = run() }()
	return dir, ts, ctx
}
