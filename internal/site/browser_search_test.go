package site_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/browsertest"
	"github.com/lorekit/lore/internal/build"
)

// TestBrowserSearchExample builds the repository's example project (what
// make build publishes), serves it from 127.0.0.1 and searches it in
// headless Chromium through ?q= deep links, from the home page and from
// nested pages: English and German queries list the expected manual first
// inside #search-results, a bundle and a content page are found too, and
// nonsense lists nothing. Every manual, bundle and task template is found
// by its name. The index is loaded on first use only.
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
		{"lint.html", "Termin", "calendar-events"},                             // a trigger outranks a passing mention
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
	// Every manual, bundle and task template of the manifest is found by
	// its name, typed into the box, among the results shown.
	var mf build.Manifest
	data, err := os.ReadFile(filepath.Join(out, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &mf); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range mf.Manuals {
		names = append(names, m.Name)
	}
	for _, e := range mf.Bundles {
		names = append(names, e.ID)
	}
	for _, e := range mf.Templates {
		names = append(names, e.Name)
	}
	do(t, ctx, chromedp.Navigate(srv.URL+"/index.html"), chromedp.WaitVisible(chromedp.CSS("#search")))
	for _, name := range names {
		q, _ := json.Marshal(name)
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`(q => { const i = document.getElementById("search"); i.value = q; i.dispatchEvent(new Event("input")); })(`+string(q)+`)`))
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("search-status").textContent.includes("“" + `+string(q)+` + "”")`,
			chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			t.Fatalf("searching %s: no status: %v", name, err)
		}
		got := eval[[]string](t, ctx, `[...document.querySelectorAll("#search-results a.search-result-link")].map(a => a.firstChild.textContent)`)
		if !slices.Contains(got, name) {
			t.Errorf("typing %s lists %v: it is not found by its name", name, got)
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
