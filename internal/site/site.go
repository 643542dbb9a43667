// Package site renders lore's static site: a catalog of every manual, a
// page per manual, bundle and content page, the lint report, the rule
// reference, the template and block cheatsheet and a cross-reference graph.
//
// Manual bodies are rendered from the AST the manual package already
// parsed (a manual is parsed once); manual_read('x') code spans become
// links to x's page, code is highlighted by chroma with a light and a dark
// palette, raw HTML is shown as text and only http, https and mailto links
// leave the site. Layouts are html/template files of the theme; CSS and
// JavaScript are bundled, minified and fingerprinted in-process by esbuild.
// Every page carries a Content-Security-Policy that allows nothing from
// another host, and every link is relative, so public/ works from disk as
// well as from any server path.
package site

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"path"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/spf13/afero"
	"github.com/yuin/goldmark/ast"
	"golang.org/x/sync/errgroup"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/hosts"
	"github.com/lorekit/lore/internal/lint/scan"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/par"
	"github.com/lorekit/lore/internal/site/searchindex"
	"github.com/lorekit/lore/internal/wall"
)

// maxMedia is the largest image a manual may embed; larger ones stay links.
const maxMedia = 8 << 20

// mediaExt are the image types copied into the site.
var mediaExt = map[string]bool{".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".webp": true, ".svg": true, ".avif": true}

// Output receives the files of the site. Keys say what a file is made
// from, so that a file already published from the same key is neither
// rendered nor written again.
type Output interface {
	// Fresh reports whether the file at p already holds what key stands
	// for; it is then kept as it is.
	Fresh(p string, key cache.Key) bool
	// FreshGroup is Fresh for the files under dir written together from
	// one key.
	FreshGroup(dir string, key cache.Key) bool
	// Write writes the file at p, made from key (the zero key when there
	// is none: the file is then compared by content). It keeps nothing of
	// data once it has returned: the site writes page after page from one
	// buffer.
	Write(p string, key cache.Key, data []byte) error
	// Keep keeps the file at p, recorded as made from key, when the
	// output holds it with bytes whose SHA-256 is sum, and reports
	// whether it did: the file then need not be made nor written.
	Keep(p string, key, sum cache.Key) bool
}

// Site is a rendering in two steps: Bodies renders the manual bodies (the
// expensive part, which needs no lint result), Write the pages once
// in.Diagnostics and in.Files are known.
type Site struct {
	r  *run
	ls *layouts
}

// Stats counts what a rendering did: Markdown bodies rendered (the others
// came from the cache) and pages put through a layout (the others were
// already published).
type Stats struct {
	Bodies, Pages int
	// Search is set when the search index was written (with
	// Input.SearchAnalyses, which then remember its documents).
	Search bool
}

// Stats returns the counts so far.
func (s *Site) Stats() Stats {
	return Stats{Bodies: int(s.r.nBodies.Load()), Pages: int(s.r.nPages.Load()), Search: s.r.search.written}
}

// New prepares the rendering of in: assets bundled, layouts and content
// pages loaded. c, if not nil, holds bodies, highlighted code and assets
// of earlier builds.
func New(in *Input, c *cache.Cache) (*Site, error) {
	as, err := bundleAssetsCached(in.Theme, highlightCSS(), c)
	if err != nil {
		return nil, err
	}
	ls, err := loadLayouts(in.Theme)
	if err != nil {
		return nil, err
	}
	docs, err := loadContent(in.FS, in.ContentDir)
	if err != nil {
		return nil, err
	}
	r := newRun(in, docs, as, c)
	r.layoutsKey, err = themeKey(in.Theme, "layouts")
	if err != nil {
		return nil, err
	}
	ls.key = r.layoutsKey
	r.fragments = in.Fragments
	if r.fragments == nil {
		r.fragments = NewFragments()
	}
	ls.bindFragments(r)
	if in.Strays != nil {
		ls.strays = in.Strays
	}
	return &Site{r: r, ls: ls}, nil
}

// Bodies renders the body of every manual page into the cache, or finds
// it there when the lookups it made (links to other pages, images) still
// give the same answers, and takes each manual's search document (unless
// out holds the search index of the same documents). A manual's Markdown
// is parsed at most once here (when it has no Doc and its body is
// rendered), for its body and its search text alike. done, if not nil, is
// called with each manual once the site needs its parsed Markdown no
// more, with that parsed Markdown when it was at hand (nil when the body
// came from the cache and the manual has no Doc). Without a cache the
// bodies are held in memory until their pages are written: rendering them
// with their pages instead kept every manual's parsed Markdown alive until
// then (lore build --no-cache of 10,000 generated manuals: some 470 MB
// live, 682 MB peak RSS, 2.3 times the wall time of a build with a cache).
func (s *Site) Bodies(out Output, done func(m *manual.Manual, doc ast.Node)) error {
	r := s.r
	ms := r.in.Manuals
	r.bodies = make([]*bodyResult, len(ms))
	r.docBody = make([]*bodyResult, len(r.docs))
	r.searchFresh(out)
	if !r.search.fresh {
		r.search.manuals = make([]searchindex.Document, len(ms))
	}
	return forEach(len(ms)+len(r.docs), func(i int) error {
		var err error
		if i < len(ms) {
			m := ms[i]
			doc := m.M.Doc
			src := manualSource(m.M)
			parse := src.doc
			src.doc = func() (ast.Node, error) {
				if doc == nil {
					var err error
					if doc, err = parse(); err != nil {
						return nil, err
					}
				}
				return doc, nil
			}
			r.bodies[i], err = r.bodyWith(r.manualBodyKey(m), src, m.URL, path.Dir(m.M.Path))
			if r.search.manuals != nil {
				d := r.searchDoc(m)
				if doc != nil && m.M.Doc == nil {
					// The text now, while the parsed Markdown is at hand. A
					// manual that keeps its Doc (a session's) gives it only
					// when the analyses do not know the document already.
					d = searchindex.WithText(d, doc, m.M.Body())
				}
				r.search.manuals[i] = d
			}
			if done != nil {
				done(m.M, doc)
			}
			return inFile(m.M.Path, err)
		}
		d := r.docs[i-len(ms)]
		r.docBody[i-len(ms)], err = r.body(pageSource(d.Body, d.Doc), d.URL, path.Dir(d.File))
		return inFile(d.File, err)
	})
}

// manualBodyKey is the key of manual m's body: its source and place.
func (r *run) manualBodyKey(m *Manual) cache.Key {
	return bodyKeyOf(cache.NewHasher("site/body-src").Key(r.sum(m.M)).Int(m.M.BodyStart).Sum(), m.URL, path.Dir(m.M.Path))
}

// Write writes every page, asset, image, the search index, sitemap.xml
// and robots.txt into out.
func (s *Site) Write(out Output) error {
	r := s.r
	r.hostsNow()
	r.setDiagnostics()
	r.siteKey = r.computeSiteKey()
	if r.in.PageKeys != nil {
		r.face = r.faceKey()
		r.in.PageKeys.start()
	}
	r.fragments.start()
	pages := r.pages()
	// The Hosts page first (unless WriteHosts wrote it): once it is
	// written (and the cuts indexed, useHosts) nothing reads the host
	// simulation again, which is tens of megabytes at thousands of
	// manuals, let go before the other pages.
	rest := pages
	if i := slices.IndexFunc(pages, func(p *page) bool { return p.Kind == "hosts" }); i >= 0 {
		if !r.hosts.written {
			if err := r.writePage(s.ls, pages[i], out); err != nil {
				return err
			}
		}
		rest = slices.Concat(pages[:i], pages[i+1:])
	}
	r.in.Hosts = nil
	// The search index and the catalog's data file are made beside the
	// pages: neither reads what a page is made of, and after an edit,
	// when few pages are rendered again, they were most of what was left
	// to do on one core.
	var beside errgroup.Group
	beside.Go(func() error {
		if err := r.writeSearch(out); err != nil {
			return err
		}
		return r.writeCatalog(out)
	})
	rest = listingsFirst(rest)
	err := forEach(len(rest), func(i int) error { return r.writePage(s.ls, rest[i], out) })
	if berr := beside.Wait(); err == nil {
		err = berr
	}
	if err != nil {
		return err
	}
	if r.in.PageKeys != nil {
		r.in.PageKeys.finish()
	}
	r.fragments.finish()
	for _, a := range r.as.Files {
		if err := out.Write(a.Path, cache.Key{}, a.Contents); err != nil {
			return err
		}
	}
	for _, m := range r.mediaFiles() {
		if err := out.Write(m.Path, cache.Key{}, m.Contents); err != nil {
			return err
		}
	}
	if err := out.Write("sitemap.xml", cache.Key{}, sitemap(r.in.BaseURL, pages)); err != nil {
		return err
	}
	return out.Write("robots.txt", cache.Key{}, robots(r.in.BaseURL))
}

// listingsFirst returns pages with the pages that list every manual (the
// home, lint, security and graph pages, …) before the manuals' own: each
// of those is tens of milliseconds at thousands of manuals, and the
// workers that take pages in order (forEach) then end together instead of
// one of them rendering the last listing alone.
func listingsFirst(pages []*page) []*page {
	out := make([]*page, 0, len(pages))
	for _, p := range pages {
		if p.Kind != "manual" {
			out = append(out, p)
		}
	}
	for _, p := range pages {
		if p.Kind == "manual" {
			out = append(out, p)
		}
	}
	return out
}

// writePage renders the page p and writes it, unless out already holds
// it.
func (r *run) writePage(ls *layouts, p *page, out Output) error {
	in, memo := r.pageInKey(p)
	if memo {
		if key, ok := r.in.PageKeys.get(p.Path, in); ok && out.Fresh(p.Path, key) {
			p.kept()
			return nil
		}
	}
	data, key, err := r.pageInput(p)
	if err != nil {
		return err
	}
	if memo {
		r.in.PageKeys.put(p.Path, in, key)
	}
	if out.Fresh(p.Path, key) {
		p.kept()
		return nil
	}
	if p.view != nil {
		if data, err = p.view(r, data); err != nil {
			return err
		}
	}
	p.Data = data
	r.nPages.Add(1)
	buf := r.hl.buf()
	defer r.hl.putBuf(buf)
	if err := ls.execute(buf, p); err != nil {
		return err
	}
	p.Data = nil // the view may be large; the page list lives on
	return out.Write(p.Path, key, buf.Bytes())
}

// pageInKey returns the key of everything page p is made from, when the
// session keeps page keys (Input.PageKeys) and the page has such a key
// (page.inKey): a page made from the same inputs in the session's last
// rendering has the key it had then, and its view is neither built nor
// hashed.
func (r *run) pageInKey(p *page) (cache.Key, bool) {
	if p.inKey == nil || r.in.PageKeys == nil {
		return cache.Key{}, false
	}
	return p.inKey(r)
}

// pageInput returns what page p shows and its key: the site's key, the
// page's own fields and everything its data holds.
func (r *run) pageInput(p *page) (any, cache.Key, error) {
	var data any
	if p.input != nil {
		var err error
		if data, err = p.input(r); err != nil {
			return nil, cache.Key{}, err
		}
	}
	h := cache.NewHasher("site/page").String(renderVersion).Key(r.siteKey).
		String(p.Path).String(p.Root).String(p.Title).String(p.Desc).String(p.Kind).String(p.Base)
	hashView(h, r.manualID, data, &r.plans)
	if p.body != nil {
		h.Key(p.body.key).Bytes(p.body.deps)
	}
	return data, h.Sum(), nil
}

// forEach calls f for 0…n-1 on every core (par.Each, at most GOMAXPROCS
// at once) and returns the first error; every call runs (par.EachErr).
func forEach(n int, f func(i int) error) error { return par.EachErr(n, f) }

// run is one rendering: the input with the lookups every page needs.
type run struct {
	in         *Input
	docs       []*doc
	as         *assets
	site       *siteData
	hl         *highlighter
	c          *cache.Cache // nil: no cache
	ids        map[*manual.Manual]cache.Key
	bodies     []*bodyResult // of in.Manuals, by index
	docBody    []*bodyResult // of docs, by index
	siteKey    cache.Key
	face       cache.Key // faceKey, with Input.PageKeys
	layoutsKey cache.Key
	plans      typePlans  // of the views hashed (pageInput)
	fragments  *Fragments // Input.Fragments, or this rendering's own
	nBodies    atomic.Int64
	nPages     atomic.Int64
	search     struct {
		decided, fresh bool
		written        bool
		key            cache.Key
		manuals        []searchindex.Document // taken by Bodies
	}
	primary  map[string]*Manual // name → the file manual_read links to
	byName   map[string][]*Manual
	byFile   map[string]string // file on FS → page (manuals and docs)
	findings map[string][]finding
	groups   map[string][]*Manual // catalog group (collection) → its manuals, in path order
	// skillDirs are the folders that hold a SKILL.md.
	skillDirs map[string]bool
	where     map[*Manual]string // disambiguate
	refsOnce  sync.Once
	refs      *refs
	// the catalog's rows (catalogRows: the home page and the data file
	// read them; neither changes them) and its data file (catalogFile)
	rowsOnce     sync.Once
	rows         []catalogRow
	catalogOnce  sync.Once
	catalogBytes []byte
	catalogErr   error
	cuts         map[*manual.Manual][]link // hostCuts
	// hosts says whether the site has a Hosts page (useHosts) and
	// whether WriteHosts wrote it.
	hosts struct{ listed, written bool }

	mu     sync.Mutex
	copied map[string]string // file on FS → media path ("" when not an image)
	files  map[string][]byte // media path → contents
}

func newRun(in *Input, docs []*doc, as *assets, c *cache.Cache) *run {
	r := &run{in: in, docs: docs, as: as, c: c, hl: newHighlighter(c), primary: map[string]*Manual{}, byName: map[string][]*Manual{}, byFile: map[string]string{},
		findings: map[string][]finding{}, copied: map[string]string{}, files: map[string][]byte{}, ids: make(map[*manual.Manual]cache.Key, len(in.Manuals))}
	r.groups, r.skillDirs = map[string][]*Manual{}, map[string]bool{}
	r.where = disambiguate(in.Manuals)
	for _, m := range in.Manuals {
		if path.Base(m.Path) == "SKILL.md" {
			r.skillDirs[path.Dir(m.Path)] = true
		}
		if m.URL == ManualURL(m.M.Name, 0) {
			r.primary[m.M.Name] = m
		}
		r.byFile[m.M.Path] = m.URL
		r.byName[m.M.Name] = append(r.byName[m.M.Name], m)
	}
	for _, m := range in.Manuals {
		g := r.collection(m.Path)
		r.groups[g] = append(r.groups[g], m)
	}
	for _, d := range docs {
		r.byFile[d.File] = d.URL
	}
	for _, m := range in.Manuals {
		r.ids[m.M] = ManualID(m.M, r.sum)
	}
	r.site = &siteData{Title: in.Title, CSS: as.Entry["css/main.css"], JS: as.Entry["js/main.js"], ThemeJS: as.Entry["js/theme.js"],
		Docs: docNav(docs), Downloads: in.Downloads, Manuals: len(in.Manuals), Bundles: len(in.Bundles),
		HasPrompts: len(in.Templates)+len(in.Blocks) > 0}
	r.site.Reference = []navItem{{Title: "Manuals", URL: homeURL}}
	if len(in.Bundles) > 0 {
		r.site.Reference = append(r.site.Reference, navItem{Title: "Bundles", URL: bundlesURL})
	}
	r.site.Reference = append(r.site.Reference, navItem{Title: "Lint report", URL: lintURL}, navItem{Title: "Security report", URL: securityURL},
		navItem{Title: "Rule reference", URL: rulesURL})
	if r.site.HasPrompts {
		r.site.Reference = append(r.site.Reference, navItem{Title: "Templates & blocks", URL: cheatsheetURL})
	}
	r.site.Reference = append(r.site.Reference, navItem{Title: "Reference graph", URL: graphURL})
	if in.HostsLater == nil {
		r.useHosts(in.Hosts)
	}
	return r
}

// useHosts takes rep as the report of the Hosts page: the links from the
// manuals it cuts, and the last item of the navigation.
func (r *run) useHosts(rep *hosts.Report) {
	r.in.Hosts = rep
	r.cuts = indexHostCuts(rep)
	if rep != nil && len(rep.Hosts) > 0 {
		r.hosts.listed = true
		r.site.Reference = append(r.site.Reference, navItem{Title: "Agent hosts", URL: hostsURL})
	}
}

// hostsNow makes the report of Input.HostsLater, if it is still to be
// made.
func (r *run) hostsNow() {
	if later := r.in.HostsLater; later != nil {
		r.in.HostsLater = nil
		r.useHosts(later())
	}
}

// WriteHosts writes the Hosts page ahead of the others, from the report
// Input.HostsLater makes, and lets go of that report; Write then leaves
// the page out. The page shows neither findings nor bodies: a single build
// writes it before it renders the bodies, so that the simulation (tens of
// megabytes at thousands of manuals) is not held beside them, nor beside
// the catalog. It does nothing without Input.HostsLater.
func (s *Site) WriteHosts(out Output) error {
	r := s.r
	if r.in.HostsLater == nil {
		return nil
	}
	r.hostsNow()
	if r.hosts.listed {
		r.siteKey = r.computeSiteKey()
		p := &page{Site: r.site, Path: hostsURL, Root: rootOf(hostsURL), Title: "Agent hosts", Kind: "hosts", input: hostsData, kept: func() {}}
		if err := r.writePage(s.ls, p, out); err != nil {
			return err
		}
		r.hosts.written = true
	}
	r.in.Hosts = nil
	return nil
}

// linker for page bodies.
func (r *run) hook(name string) string {
	if m := r.primary[name]; m != nil {
		return m.URL
	}
	return ""
}

func (r *run) file(p string) string { return r.byFile[path.Clean(p)] }

func (r *run) media(p string) string {
	p = path.Clean(p)
	if !mediaExt[strings.ToLower(path.Ext(p))] || r.in.FS == nil || strings.HasPrefix(p, "../") {
		return ""
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if u, ok := r.copied[p]; ok {
		return u
	}
	r.copied[p] = ""
	fi, err := r.in.FS.Stat(p)
	if err != nil || fi.IsDir() || fi.Size() > maxMedia {
		return ""
	}
	if e, err := wall.Check(r.in.FS, cmp.Or(r.in.ProjectDir, "."), p); err != nil || e != nil {
		return "" // a link out of the project: not published
	}
	b, err := afero.ReadFile(r.in.FS, p)
	if err != nil {
		return ""
	}
	if strings.EqualFold(path.Ext(p), ".svg") && len(scan.ActiveSVG(b)) > 0 {
		return "" // it runs code when opened on its own (security/active-svg)
	}
	sum := sha256.Sum256(b)
	u := "media/" + hex.EncodeToString(sum[:8]) + strings.ToLower(path.Ext(p))
	r.copied[p] = u
	r.files[u] = b
	return u
}

func (r *run) mediaFiles() []asset {
	var out []asset
	for p, b := range r.files {
		out = append(out, asset{Path: p, Contents: b})
	}
	slices.SortFunc(out, func(a, b asset) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// bodyFor returns the renderer for a page at pagePath whose source file
// lies in dir.
func (r *run) bodyFor(pagePath, dir string) *body {
	return &body{root: rootOf(pagePath), dir: dir, link: r, hl: r.hl}
}

// computeSiteKey is the part of every page's key that all pages share:
// the layouts and the site-wide data.
func (r *run) computeSiteKey() cache.Key {
	h := cache.NewHasher("site").String(renderVersion).Key(r.layoutsKey).String(r.in.BaseURL)
	hashView(h, r.manualID, r.site, &r.plans)
	return h.Sum()
}

// setDiagnostics indexes the findings of in.Diagnostics by file.
func (r *run) setDiagnostics() {
	r.findings = map[string][]finding{}
	for _, d := range r.in.Diagnostics {
		r.findings[d.Pos.File] = append(r.findings[d.Pos.File], newFinding(d))
	}
}

// manualID returns the identity of a manual of the site (computed once).
func (r *run) manualID(m *manual.Manual) cache.Key {
	if k, ok := r.ids[m]; ok {
		return k
	}
	return ManualID(m, r.sum)
}

// sum returns the SHA-256 of a manual's source.
func (r *run) sum(m *manual.Manual) cache.Key {
	if k, ok := r.in.Sums[m]; ok {
		return k
	}
	return SourceSum(m)
}

// MediaFiles lists the files on the project's file system that pages
// embed (images), as read so far.
func (s *Site) MediaFiles() []string {
	s.r.mu.Lock()
	defer s.r.mu.Unlock()
	var out []string
	for p := range s.r.copied {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}
