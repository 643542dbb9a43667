package site_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/spf13/afero"

	"github.com/lorekit/lore/build"
	"github.com/lorekit/lore/internal/browsertest"
)

// TestBrowserSearchExample builds the repository's example project (what
// make build publishes), serves it from 127.0.0.1 and searches it in
// headless Chromium through ?q= deep links, from the home page and from
// nested pages: English and German queries list the expected manual first
// inside #search-results, a bundle and a content page are found too, and
// nonsense lists nothing. The index is loaded on first use only.
func TestBrowserSearchExample(t *testing.T) {
	b := browsertest.New(t)
	out := filepath.Join(t.TempDir(), "public")
	res, err := build.Run(build.RunOptions{Options: build.Options{FS: afero.NewOsFs(), Dir: filepath.Join("..", "..")}, Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed {
		t.Fatalf("the example does not build: %s", res.Lint.Diagnostics.Summary())
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(out)))
	defer srv.Close()
	if !strings.HasPrefix(srv.URL, "http://127.0.0.1:") {
		t.Fatalf("the test server is not on 127.0.0.1: %s", srv.URL)
	}

	ctx := b.Tab(t)
	searchRequests := func() int {
		n := 0
		for _, r := range b.Requests() {
			if strings.Contains(r, "/search/") {
				n++
			}
		}
		return n
	}
	do(t, ctx, chromedp.Navigate(srv.URL+"/manuals/calendar-events.html"), chromedp.WaitVisible(chromedp.CSS("#search")))
	settle(ctx)
	if n := searchRequests(); n != 0 {
		t.Fatalf("a page without a query loaded %d search files", n)
	}
	if hidden := eval[bool](t, ctx, `document.getElementById("search-results").hidden`); !hidden {
		t.Error("the results panel shows without a query")
	}

	for _, c := range []struct {
		page, q, first string
	}{
		{"index.html", "recurring event", "calendar-recurrence"},                     // English
		{"manuals/embed-images.html", "wöchentliche Termine", "calendar-recurrence"}, // German, stemmed, from a nested page
		{"docs/getting-started.html", "Fußnote", "citing-sources"},                   // German, ß
		{"bundles/index.html", "Datenschutz", "memory-privacy"},
		{"index.html", "marvin reviewer", "marvin.background.openai.reviewer"}, // a bundle
		{"manuals/scheduling.html", "SARIF", "CI usage"},                       // a content page
		{"index.html", "xyzzy qwertz", ""},                                     // nonsense
	} {
		do(t, ctx, chromedp.Navigate(srv.URL+"/"+c.page+"?q="+url.QueryEscape(c.q)))
		// The status line says how the search ended: results, none, or
		// that search is not available.
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(s => s !== "" && s !== "Searching…")(document.getElementById("search-status").textContent)`,
			chromedp.WithPollingTimeout(15*time.Second))); err != nil {
			t.Fatalf("%s?q=%s: no search status: %v", c.page, c.q, err)
		}
		got := eval[[]string](t, ctx, `[...document.querySelectorAll("#search-results a.search-result-link")].map(a => a.firstChild.textContent)`)
		status := eval[string](t, ctx, `document.getElementById("search-status").textContent`)
		visible := eval[bool](t, ctx, `!document.getElementById("search-results").hidden`)
		switch {
		case !visible:
			t.Errorf("%s?q=%s: the results panel is hidden", c.page, c.q)
		case c.first == "" && (len(got) != 0 || !strings.Contains(status, "No results")):
			t.Errorf("%s?q=%s lists %v (%q), want nothing", c.page, c.q, got, status)
		case c.first != "" && (len(got) == 0 || got[0] != c.first):
			t.Errorf("%s?q=%s lists %v, want %s first", c.page, c.q, got, c.first)
		}
		if c.first == "" || len(got) == 0 {
			continue
		}
		// The first result leads to its page.
		href := eval[string](t, ctx, `document.querySelector("#search-results a.search-result-link").href`)
		resp, err := http.Get(href)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("%s?q=%s: the first result links to %s, which answers %s", c.page, c.q, href, resp.Status)
		}
	}
	settle(ctx)
	if errs := append(b.Errors(), b.Warnings()...); len(errs) > 0 {
		t.Errorf("console errors or warnings: %v", errs)
	}
	if f := b.Foreign(); len(f) > 0 {
		t.Errorf("requests left 127.0.0.1: %v", f)
	}
}
