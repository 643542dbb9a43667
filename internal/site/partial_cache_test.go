package site

import (
	"bytes"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/theme"
)

// renderPage executes page p with ls.
func renderPage(t *testing.T, ls *layouts, p *page) string {
	t.Helper()
	var b bytes.Buffer
	if err := ls.execute(&b, p); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The default theme's header, sidebar and footer are reused between pages
// of the same kind with the same key; a partial the project overrides runs
// for every page, so an override that reads more of the page than the
// default theme's key (here the title) shows each page its own.
func TestPartialCachedOverrideRunsPerPage(t *testing.T) {
	site := &siteData{Title: "T", Reference: []navItem{{Title: "Manuals", URL: "index.html"}}}
	def, err := loadLayouts(theme.Default())
	if err != nil {
		t.Fatal(err)
	}
	sidebar := `{{define "sidebar"}}<nav>{{.Title}}</nav>{{end}}`
	over, err := loadLayouts(theme.New(fstest.MapFS{"layouts/partials/sidebar.html": {Data: []byte(sidebar)}}))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"header", "sidebar", "footer", "search"} {
		if !def.reuse["page"][name] {
			t.Errorf("default theme: %s is not reused", name)
		}
	}
	if over.reuse["page"]["sidebar"] {
		t.Error("an overridden sidebar is reused")
	}
	if !over.reuse["page"]["header"] {
		t.Error("the default header is not reused beside an overridden sidebar")
	}
	for _, title := range []string{"First", "Second"} {
		p := &page{Site: site, Kind: "page", Path: "docs/" + title + ".html", Root: "../", Title: title}
		if out := renderPage(t, over, p); !strings.Contains(out, "<nav>"+title+"</nav>") {
			t.Errorf("page %s: its own sidebar is missing:\n%s", title, out)
		}
	}
}

// Overriding a partial that a default partial calls (search, called by
// header) stops the reuse of the caller too; the project's own partials,
// called only from its own layouts, are reused.
func TestPartialCachedReuseFollowsCalls(t *testing.T) {
	over, err := loadLayouts(theme.New(fstest.MapFS{
		"layouts/partials/search.html": {Data: []byte(`{{define "search"}}<p>{{.Title}}</p>{{end}}`)},
		"layouts/partials/mine.html":   {Data: []byte(`{{define "mine"}}<p>mine</p>{{end}}`)},
	}))
	if err != nil {
		t.Fatal(err)
	}
	if r := over.reuse["page"]; r["header"] || r["search"] || !r["sidebar"] || !r["mine"] {
		t.Errorf("reuse header %v search %v sidebar %v mine %v, want false false true true", r["header"], r["search"], r["sidebar"], r["mine"])
	}
}

// A page the sidebar links to marks its link; the pages it does not link
// to share one sidebar.
func TestPartialCachedSidebarMarksCurrentPage(t *testing.T) {
	site := &siteData{Title: "T", Reference: []navItem{{Title: "Manuals", URL: "index.html"}, {Title: "Lint report", URL: "lint.html"}}}
	ls, err := loadLayouts(theme.Default())
	if err != nil {
		t.Fatal(err)
	}
	other := renderPage(t, ls, &page{Site: site, Kind: "page", Path: "other.html", Title: "Other"})
	lint := renderPage(t, ls, &page{Site: site, Kind: "page", Path: "lint.html", Title: "Lint"})
	again := renderPage(t, ls, &page{Site: site, Kind: "page", Path: "more.html", Title: "More"})
	if !strings.Contains(lint, `href="lint.html" aria-current="page"`) {
		t.Errorf("the lint page does not mark its link:\n%s", lint)
	}
	for _, out := range []string{other, again} {
		if strings.Contains(out, `aria-current="page"`) {
			t.Errorf("a page the sidebar does not link to marks a link:\n%s", out)
		}
	}
}

// chromeSite is the site data of the benchmarks: the navigation of a
// site without documentation pages.
func chromeSite() *siteData {
	return &siteData{Title: "Generated manuals", CSS: "assets/main-X.css", JS: "assets/main-Y.js", ThemeJS: "assets/theme-Z.js",
		Reference: []navItem{{Title: "Manuals", URL: "index.html"}, {Title: "Lint report", URL: "lint.html"}, {Title: "Security report", URL: "security.html"},
			{Title: "Rule reference", URL: "rules.html"}, {Title: "Reference graph", URL: "graph.html"}, {Title: "Agent hosts", URL: "hosts.html"}},
		Downloads: []string{"lore/bundle.zip"}, Manuals: 10000}
}

// beforeCached is the default theme as it was before partialCached: every
// call of it a {{template}} call.
func beforeCached(b *testing.B) fs.FS {
	files := fstest.MapFS{}
	for _, f := range []string{"layouts/base.html", "layouts/manual.html"} {
		src, err := fs.ReadFile(theme.Default(), f)
		if err != nil {
			b.Fatal(err)
		}
		plain := regexp.MustCompile(`\{\{partialCached ("[a-z-]+") (\S+)[^}]*\}\}`).ReplaceAllString(string(src), "{{template $1 $2}}")
		files[f] = &fstest.MapFile{Data: []byte(plain)}
	}
	return theme.New(files)
}

// benchLayouts executes the pages page(i) makes with the default theme
// (partialCached) and as it was before (beforeCached).
func benchLayouts(b *testing.B, page func(i int) *page) {
	for _, c := range []struct {
		name string
		th   fs.FS
	}{{"partialCached", theme.Default()}, {"template", beforeCached(b)}} {
		b.Run(c.name, func(b *testing.B) {
			ls, err := loadLayouts(c.th)
			if err != nil {
				b.Fatal(err)
			}
			var buf bytes.Buffer
			for i := 0; b.Loop(); i++ {
				buf.Reset()
				if err := ls.execute(&buf, page(i)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPageChrome executes the default layouts of a small page (the
// 404 page: base.html's head, header, sidebar and footer around a few
// lines).
func BenchmarkPageChrome(b *testing.B) {
	site := chromeSite()
	benchLayouts(b, func(i int) *page {
		return &page{Site: site, Kind: "404", Path: "manuals/m" + strconv.Itoa(i) + ".html", Root: "../", Title: "Page not found"}
	})
}

// BenchmarkManualPage executes the default layouts of a manual's page
// with a short body, as the generated corpus has them (line counts 60 to
// 139).
func BenchmarkManualPage(b *testing.B) {
	site := chromeSite()
	benchLayouts(b, func(i int) *page {
		name := "m" + strconv.Itoa(i)
		m := &Manual{M: &manual.Manual{Name: name, Summary: "Does a thing.", Triggers: []string{"thing", "Ding", "thing setup"}, Lines: 60 + i%80, Src: make([]byte, 3000)},
			Path: "manuals/" + name + ".md", URL: "manuals/" + name + ".html", Tokens: 700, SHA256: "0123456789abcdef0123456789abcdef"}
		v := &manualView{Manual: m, Body: "<p>Body.</p>", Gauge: newGauge(m.M.Lines), Format: "markdown",
			Crumbs: []link{{Label: "Manuals", URL: "../index.html"}, {Label: name}},
			TOC:    []tocEntry{{Level: 2, ID: "a", Text: "A"}, {Level: 2, ID: "b", Text: "B"}},
			Reads:  []link{{Label: "other", URL: "manuals/other.html"}}}
		return &page{Site: site, Kind: "manual", Path: m.URL, Root: "../", Title: name, Data: v}
	})
}
