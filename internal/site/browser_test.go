package site_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/browsertest"
	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/fixture"
)

// TestBrowser drives the fixture site in headless Chromium, served from
// 127.0.0.1: the home page loads without errors and filters, a hook link
// reaches its manual, the theme toggle switches the palettes, the page
// works from the keyboard, and no request leaves the local server.
// (Searching is tested on the example site in browser_search_test.go.)
func TestBrowser(t *testing.T) {
	b := browsertest.New(t)
	fsys := fixture.Mem(t, "../../testdata/site/fixture.txtar")
	res, err := build.Run(build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}})
	if err != nil || res.Failed {
		t.Fatalf("the fixture does not build: %v", err)
	}
	// The site is served under the path of the fixture's baseURL, as it
	// would be deployed (the 404 page depends on it).
	public := afero.NewBasePathFs(fsys, res.Out)
	files := http.FileServer(http.FS(afero.NewIOFS(public)))
	srv := httptest.NewServer(http.StripPrefix("/manuals", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := public.Stat(r.URL.Path); err != nil {
			b, _ := afero.ReadFile(public, "404.html")
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write(b)
			return
		}
		files.ServeHTTP(w, r)
	})))
	defer srv.Close()
	if !strings.HasPrefix(srv.URL, "http://127.0.0.1:") {
		t.Fatalf("the test server is not on 127.0.0.1: %s", srv.URL)
	}
	site := srv.URL + "/manuals"

	t.Run("home", func(t *testing.T) {
		ctx := b.Tab(t)
		do(t, ctx, chromedp.Navigate(site+"/index.html"), chromedp.WaitVisible(chromedp.CSS("#catalog")))
		if n := eval[int](t, ctx, `document.querySelectorAll("#catalog tbody tr:not(.group-head)").length`); n != 6 {
			t.Fatalf("%d manuals in the catalog, want 6", n)
		}
		visible := `[...document.querySelectorAll("#catalog tbody tr:not(.group-head)")].map(r => r.querySelector("a").textContent).join(",")`
		pick := func(id, value string) {
			eval[bool](t, ctx, `(() => { const s = document.getElementById("`+id+`"); s.value = "`+value+`"; s.dispatchEvent(new Event("change")); return true })()`)
		}
		// eddie (tools: manual_read) sees neither the arthur-only fences nor
		// images, which requires web_fetch; the general fences, which
		// arthur's embedding family shadows, is eddie's.
		pick("filter-engine", "eddie")
		// (By group: manuals/, where the review skill's folder lies, then
		// manuals/embedding.)
		if got := eval[string](t, ctx, visible); got != "fences,processes,review,embed-overview" {
			t.Errorf("engine eddie shows %q: the arthur-only manual and the one requiring web_fetch must be hidden", got)
		}
		pick("filter-engine", "arthur")
		pick("filter-tool", "web_fetch")
		if got := eval[string](t, ctx, visible); got != "images" {
			t.Errorf("engine arthur + tool web_fetch shows %q, want images", got)
		}
		if got := eval[string](t, ctx, `document.getElementById("filter-count").textContent`); got != "1 manual" {
			t.Errorf("filter count %q", got)
		}
		pick("filter-engine", "")
		pick("filter-tool", "")
		if got := eval[int](t, ctx, `document.querySelectorAll("#catalog tbody tr:not(.group-head)").length`); got != 6 {
			t.Errorf("%d rows after clearing the filters", got)
		}
		settle(ctx)
		if errs := b.Errors(); len(errs) > 0 {
			t.Errorf("console errors on the home page: %v", errs)
		}
	})

	t.Run("hook_link", func(t *testing.T) {
		ctx := b.Tab(t)
		do(t, ctx, chromedp.Navigate(site+"/manuals/embed-overview.html"))
		if _, err := chromedp.Run(ctx, chromedp.WaitEvent(page.LoadEventFired, nil, chromedp.Click(chromedp.CSS(`a.hook[href$="images.html"]`)))); err != nil {
			t.Fatal(err)
		}
		if loc := eval[string](t, ctx, `location.pathname`); loc != "/manuals/manuals/images.html" {
			t.Fatalf("the hook link led to %s, not to the images manual", loc)
		}
		if h1 := eval[string](t, ctx, `document.querySelector("h1").firstChild.textContent.trim()`); h1 != "Embedding images" {
			t.Errorf("landed on %q", h1)
		}
		// The image beside the manual is served by the site itself.
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const i = document.querySelector(".prose img"); return i && i.complete && i.naturalWidth > 0 })()`)); err != nil {
			t.Errorf("the manual's image did not load: %v", err)
		}
	})

	t.Run("theme_toggle", func(t *testing.T) {
		ctx := b.Tab(t)
		do(t, ctx, chromedp.Navigate(site+"/manuals/images.html"), chromedp.WaitVisible(chromedp.CSS("#theme-toggle")))
		state := `[document.documentElement.dataset.theme, getComputedStyle(document.body).backgroundColor,
			getComputedStyle(document.querySelector(".chroma .k")).color, document.getElementById("theme-toggle").getAttribute("aria-pressed")].join("|")`
		before := eval[string](t, ctx, state)
		do(t, ctx, chromedp.Click(chromedp.CSS("#theme-toggle")))
		after := eval[string](t, ctx, state)
		bf, af := strings.Split(before, "|"), strings.Split(after, "|")
		if bf[0] == af[0] || bf[1] == af[1] || bf[2] == af[2] || bf[3] == af[3] {
			t.Fatalf("the toggle did not switch theme, background, code palette and aria-pressed:\nbefore %s\nafter  %s", before, after)
		}
		// The choice survives a reload.
		do(t, ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("#theme-toggle")))
		if again := eval[string](t, ctx, state); again != after {
			t.Errorf("after a reload %s, want %s", again, after)
		}
		do(t, ctx, chromedp.Click(chromedp.CSS("#theme-toggle")))
		if back := eval[string](t, ctx, state); back != before {
			t.Errorf("toggling twice gives %s, want %s", back, before)
		}
	})

	t.Run("keyboard", func(t *testing.T) {
		ctx := b.Tab(t)
		do(t, ctx, chromedp.Navigate(site+"/index.html"), chromedp.WaitVisible(chromedp.CSS("#search")))
		focused := `(() => { const e = document.activeElement; return e.id || e.className || e.tagName })()`
		var order []string
		for range 4 {
			do(t, ctx, chromedp.KeyEvent(kb.Tab))
			order = append(order, eval[string](t, ctx, focused))
		}
		if strings.Join(order, ",") != "skip,brand,search,theme-toggle" {
			t.Fatalf("tab order %v, want skip link, brand, search box, theme toggle", order)
		}
		before := eval[string](t, ctx, `document.documentElement.dataset.theme`)
		do(t, ctx, chromedp.KeyEvent(kb.Enter))
		if after := eval[string](t, ctx, `document.documentElement.dataset.theme`); after == before {
			t.Error("Enter on the focused toggle does not switch the theme")
		}
		// The skip link moves focus to the main content.
		do(t, ctx, chromedp.Navigate(site+"/index.html"), chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent(kb.Enter))
		if got := eval[string](t, ctx, `location.hash + " " + document.activeElement.id`); got != "#main main" {
			t.Errorf("skip link: %q", got)
		}
		// Every catalog link is reachable: none has a negative tabindex.
		if n := eval[int](t, ctx, `document.querySelectorAll("#catalog a[tabindex^='-']").length`); n != 0 {
			t.Errorf("%d catalog links are out of the tab order", n)
		}
	})

	t.Run("pages_load_cleanly", func(t *testing.T) {
		ctx := b.Tab(t)
		for _, p := range []string{"/lint.html", "/rules.html", "/graph.html", "/docs/getting-started.html", "/docs/guide/format.html", "/manuals/fences~2.html"} {
			do(t, ctx, chromedp.Navigate(site+p), chromedp.WaitVisible(chromedp.CSS("main")))
		}
		// The 404 page, at any depth, still finds its styles and scripts.
		missing := site + "/deep/no/such-page.html"
		do(t, ctx, chromedp.Navigate(missing), chromedp.WaitVisible(chromedp.CSS("main")))
		if pos := eval[string](t, ctx, `getComputedStyle(document.querySelector(".top")).position`); pos != "sticky" {
			t.Errorf("the 404 page has no stylesheet (header position %q)", pos)
		}
		settle(ctx)
		for _, e := range b.Errors() {
			if !strings.Contains(e, missing) { // the 404 of the page itself is expected
				t.Errorf("console error: %s", e)
			}
		}
	})

	// Last: everything every tab requested stayed on 127.0.0.1.
	t.Run("no_foreign_requests", func(t *testing.T) {
		reqs := b.Requests()
		if len(reqs) < 10 || !containsSuffix(reqs, ".css") || !containsSuffix(reqs, ".js") {
			t.Fatalf("too few requests recorded to mean anything: %v", reqs)
		}
		if f := b.Foreign(); len(f) > 0 {
			t.Fatalf("requests left 127.0.0.1: %v", f)
		}
	})
}

func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// settle gives late console messages a moment to arrive.
func settle(ctx context.Context) { _ = chromedp.Do(ctx, chromedp.Sleep(200*time.Millisecond)) }

func containsSuffix(urls []string, suffix string) bool {
	for _, u := range urls {
		if strings.HasSuffix(u, suffix) {
			return true
		}
	}
	return false
}
