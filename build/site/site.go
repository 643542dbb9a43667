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
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/site/searchindex"
)

// maxMedia is the largest image a manual may embed; larger ones stay links.
const maxMedia = 8 << 20

// mediaExt are the image types copied into the site.
var mediaExt = map[string]bool{".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".webp": true, ".svg": true, ".avif": true}

// Render writes the site into out (a folder that the build publishes
// afterwards). Output is byte-identical for identical input.
func Render(in *Input, out afero.Fs) error {
	css, err := highlightCSS()
	if err != nil {
		return err
	}
	as, err := bundleAssets(in.Theme, css)
	if err != nil {
		return err
	}
	ls, err := loadLayouts(in.Theme)
	if err != nil {
		return err
	}
	docs, err := loadContent(in.FS, in.ContentDir)
	if err != nil {
		return err
	}
	r := newRun(in, docs, as)
	pages := r.pages()
	if err := writeParallel(out, pages, func(p *page, w io.Writer) error {
		if err := p.prepare(r); err != nil {
			return err
		}
		return ls.execute(w, p)
	}); err != nil {
		return err
	}
	for _, a := range as.Files {
		if err := writeFile(out, a.Path, a.Contents); err != nil {
			return err
		}
	}
	for _, m := range r.mediaFiles() {
		if err := writeFile(out, m.Path, m.Contents); err != nil {
			return err
		}
	}
	if _, err := searchindex.Write(out, r.searchDocs(), searchindex.Options{Dir: searchDir}); err != nil {
		return err
	}
	if err := writeFile(out, "sitemap.xml", sitemap(in.BaseURL, pages)); err != nil {
		return err
	}
	return writeFile(out, "robots.txt", robots(in.BaseURL))
}

// run is one rendering: the input with the lookups every page needs.
type run struct {
	in       *Input
	docs     []*doc
	site     *siteData
	hl       *highlighter
	primary  map[string]*Manual // name → the file manual_read links to
	byName   map[string][]*Manual
	byFile   map[string]string // file on FS → page (manuals and docs)
	findings map[string][]finding
	ruleSev  map[string]bool

	mu     sync.Mutex
	copied map[string]string // file on FS → media path ("" when not an image)
	files  map[string][]byte // media path → contents
}

func newRun(in *Input, docs []*doc, as *assets) *run {
	r := &run{in: in, docs: docs, hl: newHighlighter(), primary: map[string]*Manual{}, byName: map[string][]*Manual{}, byFile: map[string]string{},
		findings: map[string][]finding{}, copied: map[string]string{}, files: map[string][]byte{}}
	for _, m := range in.Manuals {
		if m.URL == ManualURL(m.M.Name, 0) {
			r.primary[m.M.Name] = m
		}
		r.byFile[m.M.Path] = m.URL
		r.byName[m.M.Name] = append(r.byName[m.M.Name], m)
	}
	for _, d := range docs {
		r.byFile[d.File] = d.URL
	}
	for _, d := range in.Diagnostics {
		r.findings[d.Pos.File] = append(r.findings[d.Pos.File], newFinding(d))
	}
	r.site = &siteData{Title: in.Title, CSS: as.Entry["css/main.css"], JS: as.Entry["js/main.js"], ThemeJS: as.Entry["js/theme.js"],
		Docs: docNav(docs), Downloads: in.Downloads, Manuals: len(in.Manuals), Bundles: len(in.Bundles),
		HasPrompts: len(in.Templates)+len(in.Blocks) > 0}
	r.site.Reference = []navItem{{Title: "Manuals", URL: homeURL}}
	if len(in.Bundles) > 0 {
		r.site.Reference = append(r.site.Reference, navItem{Title: "Bundles", URL: bundlesURL})
	}
	r.site.Reference = append(r.site.Reference, navItem{Title: "Lint report", URL: lintURL}, navItem{Title: "Rule reference", URL: rulesURL})
	if r.site.HasPrompts {
		r.site.Reference = append(r.site.Reference, navItem{Title: "Templates & blocks", URL: cheatsheetURL})
	}
	r.site.Reference = append(r.site.Reference, navItem{Title: "Reference graph", URL: graphURL})
	return r
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
	b, err := afero.ReadFile(r.in.FS, p)
	if err != nil {
		return ""
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

// writeParallel renders the pages over the cores and writes each to its
// path.
func writeParallel(out afero.Fs, pages []*page, render func(*page, io.Writer) error) error {
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
	)
	next := make(chan *page)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf bytes.Buffer
			for p := range next {
				buf.Reset()
				err := render(p, &buf)
				if err == nil {
					err = writeFile(out, p.Path, buf.Bytes())
				}
				if err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
				}
			}
		}()
	}
	for _, p := range pages {
		next <- p
	}
	close(next)
	wg.Wait()
	return first
}

func writeFile(out afero.Fs, p string, b []byte) error {
	if dir := path.Dir(p); dir != "." {
		if err := out.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("cannot create %s: %w", dir, err)
		}
	}
	if err := afero.WriteFile(out, p, b, 0o644); err != nil {
		return fmt.Errorf("cannot write %s: %w", p, err)
	}
	return nil
}
