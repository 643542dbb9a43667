package site

import (
	"io"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/theme"
)

// A layout of the project's theme/ is the contributor's to edit, and
// {{range 20000000}}…{{end}} wrote a page of 200 MB (a build of two
// manuals filled 1.5 GB of public/). A page stops at maxPage bytes with an
// error naming it and the bound.
func TestLayoutOutputIsBounded(t *testing.T) {
	loop := `{{define "base"}}{{range 20000000}}AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA{{end}}{{end}}`
	ls, err := loadLayouts(theme.New(fstest.MapFS{"layouts/base.html": {Data: []byte(loop)}}))
	if err != nil {
		t.Fatal(err)
	}
	n := &countWriter{}
	err = ls.execute(n, &page{Kind: "home", Path: "index.html"})
	if err == nil || !strings.Contains(err.Error(), "index.html") || !strings.Contains(err.Error(), "64 MiB") || !strings.Contains(err.Error(), "layouts/home.html") {
		t.Errorf("error %v, want one naming the page and the bound", err)
	}
	if n.n > maxPage {
		t.Errorf("%d bytes written, more than the bound %d", n.n, maxPage)
	}
}

type countWriter struct{ n int }

func (c *countWriter) Write(p []byte) (int, error) { c.n += len(p); return io.Discard.Write(p) }

// A layout that loops without writing ({{range N}}{{end}}) is not stopped
// by maxPage: the page fails once it has run for the layouts' limit,
// naming the page and the bound, and nothing of it reaches the output.
func TestLayoutTimeIsBounded(t *testing.T) {
	loop := `{{define "base"}}{{range 20000000}}{{end}}never{{end}}`
	ls, err := loadLayouts(theme.New(fstest.MapFS{"layouts/base.html": {Data: []byte(loop)}}))
	if err != nil {
		t.Fatal(err)
	}
	ls.limit = 50 * time.Millisecond
	n := &countWriter{}
	err = ls.execute(n, &page{Kind: "home", Path: "index.html"})
	if err == nil || !strings.Contains(err.Error(), "index.html") || !strings.Contains(err.Error(), "ran for more than 50ms") || !strings.Contains(err.Error(), "layouts/home.html") {
		t.Errorf("error %v, want one naming the page and the limit", err)
	}
	if n.n != 0 {
		t.Errorf("%d bytes of the failed page were written", n.n)
	}
}

// A layout left running past its limit is not started again while it
// runs: html/template cannot be stopped, and lore serve, building again on
// every saved file, would leave one more looping goroutine per worker each
// time. The next page with the same layouts (in this build or a later one
// of the session) fails at once, naming the cause; a changed layout is
// tried; once the stray returns, the same layouts are tried again.
func TestLayoutStrayNotStartedAgain(t *testing.T) {
	// The loop runs for about 1.5 s: long beside the steps that must see it
	// still running (a loaded machine ran a loop of 80 ms out before them).
	loop := `{{define "base"}}{{range 20000000}}{{end}}never{{end}}`
	fsys := theme.New(fstest.MapFS{"layouts/base.html": {Data: []byte(loop)}})
	strays := &Strays{}
	load := func(key string) *layouts {
		ls, err := loadLayouts(fsys)
		if err != nil {
			t.Fatal(err)
		}
		ls.limit, ls.strays, ls.key = time.Millisecond, strays, cache.NewHasher("test").String(key).Sum()
		return ls
	}
	first := load("v1")
	if err := first.execute(io.Discard, &page{Kind: "home", Path: "index.html"}); err == nil || !strings.Contains(err.Error(), "ran for more than 1ms") {
		t.Fatalf("first page: error %v, want the time limit", err)
	}
	if strays.count(first.key) != 1 {
		t.Fatalf("%d strays recorded, want 1", strays.count(first.key))
	}
	again := load("v1") // a later build of the session, same layouts
	err := again.execute(io.Discard, &page{Kind: "manual", Path: "manuals/a.html"})
	if err == nil || !strings.Contains(err.Error(), "manuals/a.html") || !strings.Contains(err.Error(), "still running") || !strings.Contains(err.Error(), "layouts/manual.html") {
		t.Fatalf("same layouts: error %v, want a failure at once naming the page and the running layout", err)
	}
	if strays.count(first.key) != 1 {
		t.Fatalf("%d strays after refusing, want still 1", strays.count(first.key))
	}
	changed := load("v2")
	if err := changed.execute(io.Discard, &page{Kind: "home", Path: "index.html"}); err == nil || !strings.Contains(err.Error(), "ran for more than") {
		t.Fatalf("changed layouts: error %v, want them run (and time out)", err)
	}
	// The strays' loops are finite: wait for them to return.
	for strays.count(first.key)+strays.count(changed.key) > 0 {
		time.Sleep(10 * time.Millisecond)
	}
	if err := again.execute(io.Discard, &page{Kind: "home", Path: "index.html"}); err == nil || !strings.Contains(err.Error(), "ran for more than") {
		t.Fatalf("after the stray returned: error %v, want the layouts run again", err)
	}
}
