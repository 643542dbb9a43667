package devserver

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/lorekit/lore/internal/browsertest"
)

// TestBrowserLiveReload: with a page open in Chromium, an edited manual
// reaches the page without a manual reload, a failed build shows its
// errors over the page, and the next good build removes them.
func TestBrowserLiveReload(t *testing.T) {
	b := browsertest.New(t)
	s, dir := newServer(t)
	if !s.Rebuild() {
		t.Fatal("the fixture does not build")
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() {
		// The page keeps its event stream open: cut it, then close.
		ts.CloseClientConnections()
		ts.Close()
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	run, err := s.Watch(ctx)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = run() }()

	tab := b.Tab(t)
	if err := chromedp.Do(tab, chromedp.Navigate(ts.URL+"/manuals/images.html"), chromedp.WaitVisible(chromedp.CSS("main"))); err != nil {
		t.Fatal(err)
	}
	// Wait until the page listens for builds.
	waitFor(t, tab, `document.documentElement.dataset.loreServe === "connected"`, "the page did not connect to the event stream")

	file := filepath.Join(dir, "manuals", "embedding", "images.md")
	src, _ := os.ReadFile(file)
	if err := os.WriteFile(file, []byte(strings.Replace(string(src), "The chat renders Markdown images.", "Reloaded in the browser.", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, tab, `document.body.textContent.includes("Reloaded in the browser.")`, "the edit did not reach the open page")

	broken := filepath.Join(dir, "manuals", "broken.md")
	if err := os.WriteFile(broken, []byte("---\ntriggers: [a, b]\n---\n# Broken\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, tab, `(() => { const o = document.getElementById("lore-build-error"); return !!o && o.textContent.includes("header/not-yaml") })()`, "no error overlay")
	if err := os.Remove(broken); err != nil {
		t.Fatal(err)
	}
	waitFor(t, tab, `document.readyState === "complete" && !document.getElementById("lore-build-error") && document.body.textContent.includes("Reloaded in the browser.")`, "the overlay stayed after a good build")
	if errs := b.Errors(); len(errs) > 0 {
		t.Errorf("console errors: %v", errs)
	}
	if f := b.Foreign(); len(f) > 0 {
		t.Errorf("requests left 127.0.0.1: %v", f)
	}
}

// waitFor evaluates js until it is true, across the page's reloads, for at
// most 20 seconds.
func waitFor(t *testing.T, tab context.Context, js, failure string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	var last error
	for time.Now().Before(deadline) {
		ok, err := chromedp.Run(tab, chromedp.Evaluate[bool](`(() => { try { return !!(`+js+`) } catch (e) { return false } })()`))
		if err == nil && ok {
			return
		}
		last = err
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s (last error: %v)", failure, last)
}
