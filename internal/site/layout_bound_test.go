package site

import (
	"io"
	"strings"
	"testing"
	"testing/fstest"
	"time"

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
