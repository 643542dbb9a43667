package site

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/guard"
	"github.com/lorekit/lore/internal/plural"
)

// CSP is the Content-Security-Policy every page carries: nothing but the
// site itself may be loaded, no inline script or style, no plugins. The
// site's scripts, styles and images come from 'self' (data: is the empty
// favicon); connect-src lets the search fetch its index (and lore serve's
// reload script its event stream); anything else falls back to 'none'.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; base-uri 'self'; form-action 'self'"

// The page layouts under layouts/: each defines "main" (and may define
// "title"); base.html and partials/*.html are shared.
var pageKinds = []string{"home", "manual", "bundles", "bundle", "lint", "security", "rules", "cheatsheet", "graph", "hosts", "page", "404"}

// layouts holds one parsed template set per page kind.
type layouts struct {
	kinds map[string]*template.Template
	// reuse says, per kind, which partials partialCached may reuse.
	reuse map[string]map[string]bool
	bufs  sync.Pool     // *bytes.Buffer a page is written into (execute)
	limit time.Duration // how long a page may take; 0: layoutLimit
	// strays are the layouts left running past the limit, and key the
	// identity of these layouts among them (execute).
	strays *Strays
	key    cache.Key
	// nest bounds the nesting of partialCached and fragment calls.
	nest *nesting
}

// bindFragments binds the fragment function of every kind's layouts to
// the rendering r.
func (l *layouts) bindFragments(r *run) {
	for k, t := range l.kinds {
		c := &fragmentCall{t: t, nest: l.nest, kind: k, r: r}
		t.Funcs(template.FuncMap{"fragment": c.call})
	}
}

func loadLayouts(theme fs.FS) (*layouts, error) {
	kinds, err := parseLayouts(theme)
	if err != nil {
		return nil, err
	}
	defs, err := defaultLayouts(theme)
	if err != nil {
		return nil, err
	}
	l := &layouts{kinds: kinds, reuse: map[string]map[string]bool{}, strays: &Strays{}, nest: &nesting{}}
	for k, t := range kinds {
		l.reuse[k] = reusable(t, defs[k])
		c := &partialCache{t: t, nest: l.nest, reuse: l.reuse[k], out: map[string]template.HTML{}}
		t.Funcs(template.FuncMap{"partialCached": c.call})
	}
	return l, nil
}

// parseLayouts parses the layouts of theme: one template set per page
// kind.
func parseLayouts(theme fs.FS) (map[string]*template.Template, error) {
	base := template.New("base.html").Funcs(funcs)
	read := func(t *template.Template, file string) error {
		src, err := fs.ReadFile(theme, file)
		if err != nil {
			return fmt.Errorf("theme: cannot read %s: %w", file, err)
		}
		if _, err := t.New(file).Parse(string(src)); err != nil {
			return fmt.Errorf("theme: %w", err)
		}
		return nil
	}
	if err := read(base, "layouts/base.html"); err != nil {
		return nil, err
	}
	if entries, err := fs.ReadDir(theme, "layouts/partials"); err == nil {
		for _, e := range entries {
			if !e.IsDir() && path.Ext(e.Name()) == ".html" {
				if err := read(base, "layouts/partials/"+e.Name()); err != nil {
					return nil, err
				}
			}
		}
	}
	kinds := map[string]*template.Template{}
	for _, k := range pageKinds {
		t, err := base.Clone()
		if err != nil {
			return nil, err
		}
		if err := read(t, "layouts/"+k+".html"); err != nil {
			return nil, err
		}
		kinds[k] = t
	}
	return kinds, nil
}

// maxPage bounds what a layout writes for one page. The layouts of a
// project's theme/ are the contributor's to edit, and a loop in one
// ({{range 20000000}}…{{end}}) would fill the memory and the disk of the
// machine that builds; no browser opens a page of this size.
const maxPage = 64 << 20

// layoutLimit bounds how long a layout may run for one page. A loop that
// writes nothing ({{range 1000000000}}{{end}}, nested ranges, a template
// that calls itself twice) is not stopped by maxPage, and html/template has
// no step budget: lore build ran until the CI job's time limit. A page
// takes a millisecond or so; the bound sits far above anything a busy
// machine adds, so a page fails by its layout, never by the load.
const layoutLimit = 60 * time.Second

// execute writes page p with its kind's layout into w. The layout runs on
// a goroutine of its own, into a buffer of its own (bufs): past the
// layout's limit the page fails and the layout is left running, its
// buffer with it, so that nothing it still writes reaches w. A command
// ends with the failure; a long-running lore serve keeps the stray
// goroutine until its loop ends, and while one of these layouts still
// runs (l.strays), every page fails at once instead of starting another.
func (l *layouts) execute(w io.Writer, p *page) error {
	t := l.kinds[p.Kind]
	if t == nil {
		return fmt.Errorf("theme: no layout for %q pages", p.Kind)
	}
	limit := l.limit
	if limit == 0 {
		limit = layoutLimit
	}
	if n := l.strays.count(l.key); n > 0 {
		return fmt.Errorf("theme: %s: not rendered: the layouts ran for more than %v on %s and are still running: bound the loops of layouts/%s.html, base.html or the partials they call (a range over a number, nested ranges, a template that calls itself); a changed layout is tried again",
			p.Path, limit, plural.Of(n, "earlier page", "earlier pages"), p.Kind)
	}
	p.NavPath = navPath(p.Site, p.Path)
	buf, _ := l.bufs.Get().(*bytes.Buffer)
	if buf == nil {
		buf = new(bytes.Buffer)
	}
	bw := &boundedWriter{w: buf, left: maxPage}
	done := make(chan error, 1)
	call := &layoutCall{}
	go func() {
		done <- guard.Do(func() error { return t.ExecuteTemplate(bw, "base", p) })
		call.finish(l.strays, l.key)
	}()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	var err error
	select {
	case err = <-done:
	case <-timer.C:
		call.abandon(l.strays, l.key)
		return fmt.Errorf("theme: %s: the layout ran for more than %v on this page: bound the loops of layouts/%s.html, base.html or the partials they call (a range over a number, nested ranges, a template that calls itself)", p.Path, limit, p.Kind)
	}
	defer l.putBuf(buf)
	if err != nil {
		if bw.over {
			return fmt.Errorf("theme: %s: the layout writes more than %d MiB for this page: bound the loops of layouts/%s.html, base.html or the partials they call (a range over a number or nested ranges)", p.Path, maxPage>>20, p.Kind)
		}
		return fmt.Errorf("theme: %s: %w", p.Path, err)
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// putBuf gives a page's buffer back to bufs, emptied; an outsized one is
// left to the collector.
func (l *layouts) putBuf(b *bytes.Buffer) {
	if b.Cap() <= 1<<20 {
		b.Reset()
		l.bufs.Put(b)
	}
}

// boundedWriter passes at most left bytes on to w, then fails.
type boundedWriter struct {
	w    io.Writer
	left int
	over bool
}

func (b *boundedWriter) Write(p []byte) (int, error) {
	if len(p) > b.left {
		b.over = true
		return 0, errors.New("page too large")
	}
	b.left -= len(p)
	return b.w.Write(p)
}

// funcs are the helpers the layouts may call.
var funcs = template.FuncMap{
	"csp":  func() string { return CSP },
	"join": strings.Join,
	"short": func(s string) string {
		if len(s) > 12 {
			return s[:12]
		}
		return s
	},
	"plural": func(n int, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		return strconv.Itoa(n) + " " + many
	},
	"num": func(n int) string {
		s := strconv.Itoa(n)
		if n < 10000 {
			return s
		}
		var b strings.Builder
		for i, r := range s {
			if i > 0 && (len(s)-i)%3 == 0 {
				b.WriteRune(',')
			}
			b.WriteRune(r)
		}
		return b.String()
	},
	"anchor": ruleAnchor,
	// partialCached is bound to each page kind's layouts (partialCache).
	"partialCached": func(string, any, ...any) (template.HTML, error) { return "", errors.New("partialCached: not bound") },
	// fragment is bound to each page kind's layouts and a rendering
	// (fragmentCall).
	"fragment":  func(string, any) (template.HTML, error) { return "", errors.New("fragment: not bound") },
	"bundleURL": BundleURL,
	// dict passes several values to a partial: dict "Root" .Root "X" .X.
	"dict": func(kv ...any) (map[string]any, error) {
		if len(kv)%2 != 0 {
			return nil, fmt.Errorf("dict: odd number of arguments")
		}
		m := make(map[string]any, len(kv)/2)
		for i := 0; i < len(kv); i += 2 {
			k, ok := kv[i].(string)
			if !ok {
				return nil, fmt.Errorf("dict: key %v is not a string", kv[i])
			}
			m[k] = kv[i+1]
		}
		return m, nil
	},
}
