package searchindex

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/evanw/esbuild/pkg/api"
	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/browsertest"
)

// serveFixture writes the fixture site into a folder, bundles search.js
// into it with esbuild and serves it on 127.0.0.1.
func serveFixture(t *testing.T) *httptest.Server {
	t.Helper()
	dir := t.TempDir()
	docs := fixtureDocs()
	if _, err := Write(afero.NewBasePathFs(afero.NewOsFs(), dir), docs, Options{ShardBytes: 512}); err != nil {
		t.Fatal(err)
	}
	res := api.Build(api.BuildOptions{
		EntryPoints:       []string{filepath.Join("testdata", "browser", "main.js")},
		Bundle:            true,
		Format:            api.FormatESModule,
		Target:            api.ES2020,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		Outfile:           filepath.Join(dir, "assets", "search.js"),
		Write:             true,
		LogLevel:          api.LogLevelSilent,
	})
	for _, m := range res.Errors {
		t.Fatalf("esbuild: %s", m.Text)
	}
	if fi, err := os.Stat(filepath.Join(dir, "assets", "search.js")); err == nil {
		t.Logf("search.js bundled and minified: %d bytes", fi.Size())
	}
	page, err := os.ReadFile(filepath.Join("testdata", "browser", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"index.html": string(page), "favicon.ico": ""}
	for _, d := range docs {
		files[d.URL+"index.html"] = fmt.Sprintf(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>%s</title></head><body><h1>%s</h1></body></html>`, d.Name, d.Name)
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(http.FileServer(http.Dir(dir)))
	srv.Listener.Close()
	srv.Listener = l
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

// browser is one tab of headless Chromium (internal/browsertest), which
// records every request, console error and warning of its pages.
type browser struct {
	*browsertest.Browser
	ctx context.Context
}

func newBrowser(t *testing.T) *browser {
	t.Helper()
	bt := browsertest.New(t)
	return &browser{Browser: bt, ctx: bt.Tab(t)}
}

func (b *browser) do(t *testing.T, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

func run[T any](t *testing.T, b *browser, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(b.ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// results waits until the status line reports a search and returns the
// names listed in #search-results and the status.
func (b *browser) results(t *testing.T) ([]string, string) {
	t.Helper()
	run(t, b, chromedp.Poll[bool](`(() => { const s = document.querySelector('.search-status'); return !!s && /result/.test(s.textContent); })()`,
		chromedp.WithPollingTimeout(20*time.Second)))
	names := run(t, b, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#search-results a.search-result-link .search-result-name')].map(e => e.textContent)`))
	status := run(t, b, chromedp.Evaluate[string](`document.querySelector('.search-status').textContent`))
	return names, status
}

// waitPath waits until the tab shows a page at path; the page may still be
// navigating, so evaluation errors are retried.
func (b *browser) waitPath(t *testing.T, path string) {
	t.Helper()
	got := ""
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		p, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.querySelector('h1') ? location.pathname : ''`))
		if err == nil && p == path {
			return
		}
		got = p
	}
	t.Fatalf("the tab shows %q, want %q", got, path)
}

func (b *browser) searchRequests() int {
	n := 0
	for _, r := range b.Requests() {
		if strings.Contains(r, "/search/") {
			n++
		}
	}
	return n
}

// TestBrowserSearch runs search.js, bundled by esbuild, in headless chromium
// against an index written by Write.
func TestBrowserSearch(t *testing.T) {
	srv := serveFixture(t)
	b := newBrowser(t)
	base := srv.URL + "/"

	t.Run("deep links", func(t *testing.T) {
		for _, c := range []struct {
			q    string
			want []string
		}{
			{"deploying containers", []string{"deploy-container"}}, // English
			// German, umlaut; its rendering check finds the health checks
			{"Prüfung", []string{"datenbank-sicherung", "deploy-container"}},
			{"Datenbanken Sicherung", []string{"datenbank-sicherung"}},
			{"Termine", []string{"kalender-termine"}},
			{"xyzzy qwertz", nil}, // nonsense
		} {
			b.do(t, chromedp.Navigate(base+"?q="+url.QueryEscape(c.q)))
			names, status := b.results(t)
			if strings.Join(names, ",") != strings.Join(c.want, ",") {
				t.Errorf("?q=%s lists %v, want %v (status %q)", c.q, names, c.want, status)
			}
			if len(c.want) == 0 && !strings.Contains(status, "No results") {
				t.Errorf("?q=%s: status %q", c.q, status)
			}
		}
	})

	t.Run("keyboard", func(t *testing.T) {
		before := b.searchRequests()
		b.do(t, chromedp.Navigate(base), chromedp.WaitReady(chromedp.ID("search")), chromedp.Sleep(300*time.Millisecond))
		if n := b.searchRequests() - before; n != 0 {
			t.Fatalf("the page loaded %d index files before the search was used", n)
		}
		// Tab from the top of the page reaches the search box.
		active := ""
		for range 5 {
			b.do(t, chromedp.KeyEvent(kb.Tab))
			if active = run(t, b, chromedp.Evaluate[string](`document.activeElement.id`)); active == "search" {
				break
			}
		}
		if active != "search" {
			t.Fatalf("Tab never reached the search box (at %q)", active)
		}
		// Type, move into the results with ArrowDown, open with Enter.
		b.do(t, chromedp.KeyEvent("kubectl"))
		if names, status := b.results(t); len(names) != 1 || names[0] != "deploy-container" {
			t.Fatalf("typing kubectl lists %v (%s)", names, status)
		}
		b.do(t, chromedp.KeyEvent(kb.ArrowDown))
		if got := run(t, b, chromedp.Evaluate[string](`document.activeElement.textContent`)); got != "deploy-container" {
			t.Fatalf("ArrowDown focused %q, want the first result", got)
		}
		if got := run(t, b, chromedp.Evaluate[string](`location.search`)); got != "?q=kubectl" {
			t.Errorf("address query %q, want ?q=kubectl", got)
		}
		b.do(t, chromedp.KeyEvent(kb.ArrowUp))
		if got := run(t, b, chromedp.Evaluate[string](`document.activeElement.id`)); got != "search" {
			t.Fatalf("ArrowUp from the first result focused %q, want the box", got)
		}
		b.do(t, chromedp.KeyEvent(kb.Enter))
		b.waitPath(t, "/manuals/deploy-container/")
	})

	t.Run("live region", func(t *testing.T) {
		b.do(t, chromedp.Navigate(base+"?q=image"), chromedp.WaitVisible(chromedp.CSS(".search-result")))
		role := run(t, b, chromedp.AttributeValue(chromedp.CSS(".search-status"), "role")).Value
		live := run(t, b, chromedp.AttributeValue(chromedp.CSS(".search-status"), "aria-live")).Value
		described := run(t, b, chromedp.AttributeValue(chromedp.ID("search"), "aria-describedby")).Value
		if role != "status" || live != "polite" || described != "search-results-status" {
			t.Fatalf("status role=%q aria-live=%q, box aria-describedby=%q", role, live, described)
		}
	})

	if len(b.Requests()) == 0 {
		t.Fatal("no requests recorded")
	}
	for _, r := range b.Foreign() {
		t.Errorf("request left 127.0.0.1: %s", r)
	}
	for _, p := range append(b.Errors(), b.Warnings()...) {
		t.Errorf("%s", p)
	}
}
