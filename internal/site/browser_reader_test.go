package site_test

import (
	"context"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/browsertest"
	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/corpusgen"
)

// The widths the reader tests look at: a desktop, a phone, and the
// narrowest phone in use.
const (
	desktop = 1280
	phone   = 390
	narrow  = 320
)

// readerSites builds the sites the reader tests look at and serves them on
// 127.0.0.1: the repository's example project (bundles, the cheatsheet,
// content pages) and a generated corpus of 302 manuals (a catalog of more
// than one screen, Agent Skills with references, two READMEs, every
// format), built with --fail-on never.
func readerSites(t *testing.T) (example, corpus string) {
	t.Helper()
	serve := func(out string) string {
		srv := httptest.NewServer(http.FileServer(http.Dir(out)))
		t.Cleanup(srv.Close)
		if !strings.HasPrefix(srv.URL, "http://127.0.0.1:") {
			t.Fatalf("the test server is not on 127.0.0.1: %s", srv.URL)
		}
		return srv.URL
	}
	out := filepath.Join(t.TempDir(), "example")
	res, err := build.Run(build.RunOptions{Options: build.Options{FS: afero.NewOsFs(), Dir: filepath.Join("..", "..")}, Out: out, NoCache: true})
	if err != nil || res.Failed {
		t.Fatalf("the example does not build: %v", err)
	}
	dir := t.TempDir()
	if err := corpusgen.Write(afero.NewOsFs(), dir, 300, 5); err != nil {
		t.Fatal(err)
	}
	// Two more manuals that share a name, as the READMEs of real
	// collections do.
	for _, p := range []string{"manuals/tools/alpha/README.md", "manuals/tools/beta/README.md"} {
		f := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte("# Read me\n\nWhat the "+filepath.Base(filepath.Dir(f))+" tools do.\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gen := filepath.Join(t.TempDir(), "corpus")
	res, err = build.Run(build.RunOptions{Options: build.Options{FS: afero.NewOsFs(), Dir: dir}, Out: gen, NeverFail: true, NoCache: true})
	if err != nil || res.Failed {
		t.Fatalf("the generated corpus does not build with --fail-on never: %v", err)
	}
	return serve(out), serve(gen)
}

// view sets the tab's viewport and theme ("light" or "dark", stored as
// the theme toggle stores it) and opens url.
func view(t *testing.T, ctx context.Context, width int, theme, url string) {
	t.Helper()
	height := int64(900)
	if width < 800 {
		height = 844
	}
	do(t, ctx, chromedp.EmulateViewport(int64(width), height), chromedp.Navigate(url),
		chromedp.Evaluate[chromedp.Void](`localStorage.setItem("lore-theme", "`+theme+`")`),
		chromedp.Navigate(url), chromedp.WaitReady(chromedp.CSS("main")))
	if got := eval[string](t, ctx, `document.documentElement.dataset.theme`); got != theme {
		t.Fatalf("%s: theme %q, want %q", url, got, theme)
	}
}

// shoot saves a screenshot of the tab into $LORE_SCREENSHOTS, when set.
func shoot(t *testing.T, ctx context.Context, name string) {
	dir := os.Getenv("LORE_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Errorf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Error(err)
	}
}

// TestBrowserReader looks at the site as a reader would, in headless
// Chromium (internal/browsertest): every page type at 1280 and 390 pixels,
// light and dark, has no axe-core violation, nothing overflows the page
// sideways (at 320 either), the navigation of narrow screens sits behind
// its button with the content in the first screen, scroll regions are
// focusable and named; then a manual page, the catalog, the search and the
// graph are used. LORE_SCREENSHOTS=DIR saves a screenshot of every page.
func TestBrowserReader(t *testing.T) {
	b := browsertest.New(t)
	example, corpus := readerSites(t)
	t.Run("pages", func(t *testing.T) { readerPages(t, b, example, corpus) })
	t.Run("manual_page", func(t *testing.T) { readerManualPage(t, b, corpus) })
	t.Run("catalog", func(t *testing.T) { readerCatalog(t, b, corpus) })
	t.Run("search", func(t *testing.T) { readerSearch(t, b, example) })
	t.Run("graph", func(t *testing.T) { readerGraph(t, b, corpus) })
	t.Run("no_foreign_requests", func(t *testing.T) {
		if f := b.Foreign(); len(f) > 0 {
			t.Fatalf("requests left 127.0.0.1: %v", f)
		}
		if errs := b.Errors(); len(errs) > 0 {
			t.Errorf("console errors: %v", errs)
		}
	})
}

// readerPages: every page type at 1280 and 390 pixels, light and dark.
func readerPages(t *testing.T, b *browsertest.Browser, example, corpus string) {
	// A page of each type; search is a page with its results open.
	pages := map[string]string{
		"home":       corpus + "/index.html",
		"manual":     example + "/manuals/calendar-events.html",
		"skill":      corpus + "/manuals/" + skillPage(t, corpus),
		"bundles":    example + "/bundles/index.html",
		"bundle":     example + "/bundles/arthur.chat.anthropic.html",
		"lint":       corpus + "/lint.html",
		"rules":      example + "/rules.html",
		"cheatsheet": example + "/cheatsheet.html",
		"graph":      corpus + "/graph.html",
		"content":    example + "/docs/getting-started.html",
		"404":        example + "/404.html",
		"search":     example + "/manuals/scheduling.html?q=calender%20Termin",
	}
	for _, width := range []int{desktop, phone} {
		for _, theme := range []string{"light", "dark"} {
			t.Run(fmt.Sprintf("%d-%s", width, theme), func(t *testing.T) {
				// The dark palette changes colours only: its pages are
				// checked for contrast.
				var rules []string
				if theme == "dark" {
					rules = []string{"color-contrast", "link-in-text-block"}
				}
				for _, name := range sortedKeys(pages) {
					ctx := b.Tab(t)
					view(t, ctx, width, theme, pages[name])
					if name == "search" {
						waitSearch(t, ctx)
						poll(t, ctx, `document.querySelector("#search-results mark") !== null`)
					}
					settle(ctx)
					for _, v := range browsertest.Axe(t, ctx, rules...) {
						t.Errorf("%s: axe: %s", name, v)
					}
					overflow(t, ctx, name, width)
					unfocusable := eval[[]string](t, ctx, `[...document.querySelectorAll(".table-wrap, .prose table, pre")]
						.filter(e => e.scrollWidth > e.clientWidth + 1 && e.checkVisibility())
						.filter(e => e.tabIndex < 0 || !(e.getAttribute("aria-label") || "").trim())
						.map(e => e.tagName + "." + e.className)`)
					if len(unfocusable) > 0 {
						t.Errorf("%s: scroll regions without tabindex=0 and a name: %v", name, unfocusable)
					}
					shoot(t, ctx, fmt.Sprintf("%s-%d-%s", name, width, theme))
				}
			})
		}
	}
	t.Run("320", func(t *testing.T) {
		for _, name := range sortedKeys(pages) {
			ctx := b.Tab(t)
			view(t, ctx, narrow, "light", pages[name])
			overflow(t, ctx, name, narrow)
		}
	})
	t.Run("phone_navigation", func(t *testing.T) {
		ctx := b.Tab(t)
		view(t, ctx, phone, "light", pages["manual"])
		if top := eval[float64](t, ctx, `document.querySelector("main h1, main .panel").getBoundingClientRect().top`); top > 300 {
			t.Errorf("the content starts %v px down the 844 px screen", top)
		}
		if eval[bool](t, ctx, `document.getElementById("site-nav").checkVisibility()`) {
			t.Fatal("the site navigation shows on a phone before the menu button is pressed")
		}
		do(t, ctx, chromedp.Click(chromedp.CSS("#nav-toggle")))
		state := `[document.getElementById("nav-toggle").getAttribute("aria-expanded"), document.getElementById("site-nav").checkVisibility(),
			document.activeElement.closest("#site-nav") !== null].join()`
		if got := eval[string](t, ctx, state); got != "true,true,true" {
			t.Errorf("after the menu button: expanded, visible, focus inside = %s", got)
		}
		do(t, ctx, chromedp.KeyEvent(kb.Escape))
		if got := eval[string](t, ctx, state+` + "," + document.activeElement.id`); got != "false,false,false,nav-toggle" {
			t.Errorf("after Escape: %s, want the menu closed and the focus on its button", got)
		}
		// On a desktop the navigation is always there, the button not.
		view(t, ctx, desktop, "light", pages["manual"])
		if got := eval[string](t, ctx, `[document.getElementById("site-nav").checkVisibility(), document.getElementById("nav-toggle").checkVisibility()].join()`); got != "true,false" {
			t.Errorf("desktop: navigation visible, menu button visible = %s", got)
		}
	})
}

// readerManualPage: a manual's on-page contents lead to its sections,
// previous and next stay in its folder, the breadcrumbs' folders open the
// catalog showing that folder, and its references are drawn.
func readerManualPage(t *testing.T, b *browsertest.Browser, corpus string) {
	ctx := b.Tab(t)
	skill := skillPage(t, corpus)
	view(t, ctx, desktop, "light", corpus+"/manuals/"+skill)

	toc := eval[[]string](t, ctx, `[...document.querySelectorAll(".toc a")].map(a => a.getAttribute("href"))`)
	if len(toc) < 2 {
		t.Fatalf("on-page contents %v", toc)
	}
	for _, h := range toc {
		if !eval[bool](t, ctx, `document.getElementById(decodeURIComponent(`+jsString(strings.TrimPrefix(h, "#"))+`)) !== null`) {
			t.Errorf("contents entry %s leads nowhere", h)
		}
	}
	if !eval[bool](t, ctx, `document.querySelector(".toc details").open`) {
		t.Error("the contents are closed beside the text on a desktop")
	}
	if eval[int](t, ctx, `document.querySelectorAll("svg.neighbours a").length`) == 0 {
		t.Error("the skill's page draws no neighbourhood (its references/ links)")
	}

	folder := eval[string](t, ctx, `[...document.querySelectorAll(".crumbs a")].slice(1).map(a => a.textContent).join("/")`)
	// A skill's previous and next are the files of the skills of its
	// collection (the catalog's group): the folder above the skill's.
	collection := folder[:strings.LastIndex(folder, "/")]
	next := eval[string](t, ctx, `(document.querySelector(".pager a") || {}).href || ""`)
	if next == "" {
		t.Fatal("no previous or next link")
	}
	do(t, ctx, chromedp.Navigate(next), chromedp.WaitReady(chromedp.CSS("main")))
	if got := eval[string](t, ctx, `[...document.querySelectorAll(".crumbs a")].slice(1).map(a => a.textContent).join("/")`); !strings.HasPrefix(got+"/", collection+"/") {
		t.Errorf("the pager led from collection %s to folder %s", collection, got)
	}

	// The last folder of the breadcrumbs opens the catalog showing it.
	if _, err := chromedp.Run(ctx, chromedp.WaitEvent(page.LoadEventFired, nil, chromedp.Click(chromedp.CSS(".crumbs li:nth-last-child(2) a")))); err != nil {
		t.Fatal(err)
	}
	poll(t, ctx, `!document.getElementById("filter-folder").hidden && document.querySelectorAll("#catalog tbody tr:not(.group-head)").length > 0`)
	dirs := eval[[]string](t, ctx, `[...new Set([...document.querySelectorAll("#catalog tbody tr:not(.group-head)")].map(r => r.dataset.dir))]`)
	for _, d := range dirs {
		if d != folder && !strings.HasPrefix(d, folder+"/") {
			t.Errorf("the catalog of folder %s lists a manual of %s", folder, d)
		}
	}
}

// readerCatalog: the catalog of 302 manuals shows its first rows
// grouped by folder with counts, renders the rest as the reader scrolls,
// sorts and filters the whole catalog, and tells shared names apart.
func readerCatalog(t *testing.T, b *browsertest.Browser, corpus string) {
	ctx := b.Tab(t)
	view(t, ctx, desktop, "light", corpus+"/index.html")
	rows := `document.querySelectorAll("#catalog tbody tr:not(.group-head)").length`
	if n := eval[int](t, ctx, rows); n != 100 {
		t.Fatalf("%d rows in the page, want the first 100", n)
	}
	// Group counts: a group's count is its manuals in the whole catalog.
	groups := eval[[]string](t, ctx, `[...document.querySelectorAll("#catalog tbody.group")].map(g => g.dataset.folder + "=" + g.querySelector(".count").textContent)`)
	if len(groups) < 2 {
		t.Fatalf("groups %v", groups)
	}
	// Scrolling to "Show more" renders the next batch.
	do(t, ctx, chromedp.ScrollIntoView(chromedp.CSS("#catalog-more")))
	poll(t, ctx, rows+` > 100`)
	for eval[bool](t, ctx, `!document.getElementById("catalog-more").parentElement.hidden`) {
		do(t, ctx, chromedp.Click(chromedp.CSS("#catalog-more")))
		settle(ctx)
	}
	if n := eval[int](t, ctx, rows); n != 302 {
		t.Errorf("%d rows after showing everything, want 302", n)
	}
	// Manuals that share a name are told apart by their folders.
	shared := eval[[]string](t, ctx, `(() => { const seen = {}; for (const r of document.querySelectorAll("#catalog tbody tr:not(.group-head)")) {
		const k = r.dataset.name; (seen[k] ||= []).push((r.querySelector(".where") || {}).textContent || "") }
		return Object.entries(seen).filter(([, w]) => w.length > 1).map(([n, w]) => n + ":" + w.join("|")) })()`)
	if !slices.Contains(shared, "README:alpha|beta") {
		t.Errorf("shared names %v: the READMEs must read alpha and beta", shared)
	}
	for _, s := range shared {
		name, wheres, _ := strings.Cut(s, ":")
		ws := strings.Split(wheres, "|")
		if slices.Contains(ws, "") || len(slices.Compact(slices.Sorted(slices.Values(ws)))) != len(ws) {
			t.Errorf("rows named %s read %q: each needs a folder of its own", name, ws)
		}
	}
	// Sorting by lines, descending: the longest manual first.
	do(t, ctx, chromedp.Click(chromedp.CSS(`button.sort[data-sort="lines"]`)), chromedp.Click(chromedp.CSS(`button.sort[data-sort="lines"]`)))
	poll(t, ctx, `document.querySelector("th[aria-sort=descending] button.sort[data-sort=lines]") !== null`)
	lines := eval[[]int](t, ctx, `[...document.querySelectorAll("#catalog tbody tr:not(.group-head)")].map(r => +r.dataset.lines)`)
	for i := 1; i < len(lines); i++ {
		if lines[i] > lines[i-1] {
			t.Fatalf("sorted by lines, descending: %d after %d", lines[i], lines[i-1])
		}
	}
	// A format filter keeps that format, across the whole catalog.
	eval[bool](t, ctx, `(() => { const s = document.getElementById("filter-format"); s.value = "skill"; s.dispatchEvent(new Event("change")); return true })()`)
	poll(t, ctx, `[...document.querySelectorAll("#catalog tbody tr:not(.group-head)")].every(r => r.dataset.format === "skill")`)
	want := eval[string](t, ctx, `document.querySelector("#filter-format option[value=skill]").textContent.match(/\((\d+)\)/)[1]`)
	if got := eval[string](t, ctx, `document.getElementById("filter-count").textContent`); got != want+" manuals" {
		t.Errorf("format skill: count %q, want %s manuals", got, want)
	}
}

// readerSearch: the search results float over the page, / and
// Ctrl+K reach the box from anywhere, arrows move through the results,
// Escape closes them; a result shows an excerpt with the matched words
// marked and links to the section, and a typo still finds.
func readerSearch(t *testing.T, b *browsertest.Browser, example string) {
	for _, width := range []int{desktop, phone} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			ctx := b.Tab(t)
			view(t, ctx, width, "light", example+"/manuals/scheduling.html")
			mainTop := `document.querySelector("main").getBoundingClientRect().top`
			before := eval[float64](t, ctx, mainTop)
			do(t, ctx, chromedp.KeyEvent("/"))
			if id := eval[string](t, ctx, `document.activeElement.id`); id != "search" {
				t.Fatalf("/ focused %q, not the search box", id)
			}
			// (The DevTools protocol types the character of a key whose
			// keydown was cancelled; a browser does not.)
			do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("search").value = ""`), chromedp.SendKeys("#search", "calender"))
			poll(t, ctx, `document.getElementById("search-status").textContent.includes("calender")`)
			waitSearch(t, ctx)
			if after := eval[float64](t, ctx, mainTop); after != before {
				t.Errorf("the results pushed the page from %v to %v px", before, after)
			}
			if pos := eval[string](t, ctx, `getComputedStyle(document.getElementById("search-results")).position`); pos != "absolute" {
				t.Errorf("the results are positioned %s", pos)
			}
			first := eval[string](t, ctx, `document.querySelector("#search-results a.search-result-link").textContent`)
			if !strings.HasPrefix(first, "calendar") {
				t.Errorf("calender (a typo) lists %q first", first)
			}
			poll(t, ctx, `document.querySelector("#search-results .search-result-excerpt mark") !== null`)
			marked := eval[string](t, ctx, `document.querySelector("#search-results .search-result-excerpt mark").textContent.toLowerCase()`)
			if !strings.HasPrefix(marked, "calendar") {
				t.Errorf("the excerpt marks %q", marked)
			}
			if sec := eval[string](t, ctx, `(document.querySelector("#search-results a.search-result-section") || {}).href || ""`); !strings.Contains(sec, ".html#") {
				t.Errorf("no result links to a section: %q", sec)
			}
			// Arrows move from the box into the results and back.
			do(t, ctx, chromedp.KeyEvent(kb.ArrowDown))
			if cls := eval[string](t, ctx, `document.activeElement.className`); cls != "search-result-link" {
				t.Errorf("ArrowDown focused %q", cls)
			}
			do(t, ctx, chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowUp), chromedp.KeyEvent(kb.ArrowUp))
			if id := eval[string](t, ctx, `document.activeElement.id`); id != "search" {
				t.Errorf("ArrowUp from the first result focused %q, not the box", id)
			}
			// Escape closes the results and keeps the query.
			do(t, ctx, chromedp.KeyEvent(kb.Escape))
			if got := eval[string](t, ctx, `[document.getElementById("search-results").hidden, document.activeElement.id, document.getElementById("search").value].join()`); got != "true,search,calender" {
				t.Errorf("after Escape: hidden, focus, query = %s", got)
			}
			// Ctrl+K comes back to the box from the page.
			do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`))
			do(t, ctx, chromedp.KeyEvent("k", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
			if got := eval[string](t, ctx, `[document.activeElement.id, document.getElementById("search-results").hidden].join()`); got != "search,false" {
				t.Errorf("Ctrl+K: focus, hidden = %s", got)
			}
			// Words rank by how many of them match: a query with a word
			// nothing has still finds the others'.
			do(t, ctx, chromedp.Evaluate[chromedp.Void](`(i => { i.value = "recurring xyzzyq"; i.dispatchEvent(new Event("input")); })(document.getElementById("search"))`))
			poll(t, ctx, `document.getElementById("search-status").textContent.includes("xyzzyq")`)
			if got := eval[string](t, ctx, `(document.querySelector("#search-results a.search-result-link") || {}).textContent || ""`); !strings.HasPrefix(got, "calendar-recurrence") {
				t.Errorf("recurring xyzzyq lists %q first", got)
			}
		})
	}
}

// readerGraph: the graph fits its frame and zooms and pans; the
// generated corpus's Markdown links are references in it.
func readerGraph(t *testing.T, b *browsertest.Browser, corpus string) {
	ctx := b.Tab(t)
	view(t, ctx, desktop, "light", corpus+"/graph.html")
	fits := `(() => { const w = document.getElementById("graph").getBoundingClientRect(), s = document.querySelector("#graph svg").getBoundingClientRect();
		return s.width <= w.width + 1 && s.height <= innerHeight })()`
	if !eval[bool](t, ctx, fits) {
		t.Error("the graph does not fit its frame and the window")
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#graph path.edge").length`); n == 0 {
		t.Error("no reference drawn")
	}
	box := `document.querySelector("#graph svg").getAttribute("viewBox")`
	first := eval[string](t, ctx, box)
	full := eval[string](t, ctx, `document.querySelector("#graph svg").dataset.full`)
	do(t, ctx, chromedp.Click(chromedp.CSS(`button[data-zoom="in"]`)))
	zoomed := eval[string](t, ctx, box)
	if zoomed == first {
		t.Fatal("zoom in does not change the view")
	}
	do(t, ctx, chromedp.Focus(chromedp.CSS("#graph")), chromedp.KeyEvent(kb.ArrowRight))
	if eval[string](t, ctx, box) == zoomed {
		t.Error("the arrow keys do not pan")
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`button[data-zoom="fit"]`)))
	if got := eval[string](t, ctx, box); got != full {
		t.Errorf("fit gives %s, want the whole drawing %s", got, full)
	}
	// Nodes stay readable and touchable: 24 px high when the drawing is too
	// large to fit at that size.
	do(t, ctx, chromedp.Reload(), chromedp.WaitReady(chromedp.CSS("#graph svg")))
	if h := eval[float64](t, ctx, `document.querySelector("#graph svg a.node rect").getBoundingClientRect().height`); h < 24 {
		t.Errorf("a node is %v px high in the first view", h)
	}
}

// skillPage returns the page of an Agent Skill of the generated corpus
// that links to its references and has sections.
func skillPage(t *testing.T, corpus string) string {
	t.Helper()
	get := func(u string) string {
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	for _, loc := range strings.Split(get(corpus+"/sitemap.xml"), "<loc>")[1:] {
		u, _, _ := strings.Cut(loc, "</loc>")
		i := strings.Index(u, "manuals/")
		if i < 0 || !strings.HasSuffix(u, "-skill.html") {
			continue
		}
		page := get(corpus + "/" + u[i:])
		if strings.Contains(page, `class="graph neighbours"`) && strings.Count(page, `<li class="toc-`) >= 2 {
			return u[i+len("manuals/"):]
		}
	}
	t.Fatal("the generated corpus has no skill page with references and sections")
	return ""
}

// overflow fails when the page is wider than the window, naming the
// elements that stick out.
func overflow(t *testing.T, ctx context.Context, name string, width int) {
	t.Helper()
	if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > width {
		out := eval[[]string](t, ctx, `[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > innerWidth + 1)
			.filter(e => !e.parentElement.closest(".table-wrap, pre, .graph-wrap"))
			.filter(e => ![...e.children].some(c => c.getBoundingClientRect().right > innerWidth + 1)).slice(0, 5)
			.map(e => e.tagName + "." + e.className + " right " + Math.round(e.getBoundingClientRect().right))`)
		t.Errorf("%s: the page is %d px wide at %d px: %v", name, w, width, out)
	}
}

func waitSearch(t *testing.T, ctx context.Context) {
	t.Helper()
	poll(t, ctx, `(s => s !== "" && s !== "Searching…")(document.getElementById("search-status").textContent) && !document.getElementById("search-results").hidden`)
}

func poll(t *testing.T, ctx context.Context, cond string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(15*time.Second))); err != nil {
		t.Fatalf("waiting for %s: %v", cond, err)
	}
}

func jsString(s string) string { return fmt.Sprintf("%q", s) }

func sortedKeys(m map[string]string) []string { return slices.Sorted(maps.Keys(m)) }
