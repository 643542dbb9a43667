package site

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/afero"
	"github.com/yuin/goldmark/ast"
	"gopkg.in/yaml.v3"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/guard"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/wall"
)

// doc is a page of the content/ folder: Markdown with YAML front matter
// (title, weight, description).
type doc struct {
	File   string // path on the project's file system
	Rel    string // path inside content/
	URL    string // page path from the site root
	Title  string
	Weight int
	Desc   string
	Body   []byte // the Markdown after the front matter
	Doc    ast.Node
}

type frontMatter struct {
	Title       string `yaml:"title"`
	Weight      int    `yaml:"weight"`
	Description string `yaml:"description"`
}

// loadContent reads every .md file under dir, sorted by weight, then title.
// A missing folder is no content; broken front matter is an error naming
// the file and line. A file whose symbolic link leads out of dir is not
// read (internal/wall).
func loadContent(fsys afero.Fs, dir string) ([]*doc, error) {
	if fsys == nil || dir == "" {
		return nil, nil
	}
	if fi, err := fsys.Stat(dir); err != nil || !fi.IsDir() {
		return nil, nil
	}
	var docs []*doc
	w := wall.New(fsys, dir)
	err := afero.Walk(fsys, dir, func(p string, fi fs.FileInfo, err error) error {
		if err != nil {
			return fmt.Errorf("cannot read %s: %w", p, err)
		}
		if fi.IsDir() || !strings.EqualFold(path.Ext(p), ".md") {
			return nil
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			// Walk enters no linked folder: only a linked file can lead
			// out of content/. The build reports it (file/outside-root).
			if e, err := w.Check(p); err != nil || e != nil {
				return nil
			}
		}
		// Read through the bound, not by fi's size: a link inside
		// content/ has the size of its target's name.
		src, err := manual.ReadBounded(fsys, p, manual.MaxFileSize, "a page")
		if errors.Is(err, manual.ErrTooLarge) {
			return fmt.Errorf("%s: the page is larger than %d MiB: split it", p, manual.MaxFileSize>>20)
		}
		if err != nil {
			return fmt.Errorf("cannot read %s: %w", p, err)
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p, dir), "/")
		if err := checkPageName(p, rel); err != nil {
			return err
		}
		d, err := parseDoc(p, rel, src)
		if err != nil {
			return err
		}
		docs = append(docs, d)
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(docs, func(a, b *doc) int {
		return cmp.Or(cmp.Compare(a.Weight, b.Weight), strings.Compare(a.Title, b.Title), strings.Compare(a.Rel, b.Rel))
	})
	return docs, nil
}

// checkPageName refuses a page whose path inside content/ holds a
// control character or invalid UTF-8: the path names a published file
// and a URL of the sitemap (public/docs/a\nb.html), and is printed in
// logs.
func checkPageName(file, rel string) error {
	if !utf8.ValidString(rel) || strings.ContainsFunc(rel, unicode.IsControl) {
		return fmt.Errorf("%s: the page's file name holds a control character or invalid UTF-8, and would be published as it is: rename it", diag.Printable(file))
	}
	return nil
}

func parseDoc(file, rel string, src []byte) (*doc, error) {
	d := &doc{File: file, Rel: rel, URL: "docs/" + strings.TrimSuffix(rel, path.Ext(rel)) + ".html"}
	body, bodyLine := src, 1
	if fm, ok := manual.SplitFrontMatter(src); ok {
		if !fm.Closed {
			return nil, fmt.Errorf("%s:1: the front matter opened here is not closed: add a line --- after it", file)
		}
		var f frontMatter
		if err := guard.Do(func() error { return yaml.Unmarshal(fm.Text, &f) }); err != nil {
			line, msg := manual.YAMLErrorIn(err, fm.Text, 2)
			return nil, fmt.Errorf("%s:%d: invalid front matter: %s", file, line, msg)
		}
		d.Title, d.Weight, d.Desc = strings.TrimSpace(f.Title), f.Weight, strings.TrimSpace(f.Description)
		body, bodyLine = fm.Rest, fm.RestLine
	}
	d.Body = body
	var err error
	if d.Doc, err = parseBounded(file, body, bodyLine); err != nil {
		return nil, err
	}
	if d.Title == "" {
		d.Title = firstH1(d.Doc, body)
	}
	if d.Title == "" {
		d.Title = strings.TrimSuffix(path.Base(rel), path.Ext(rel))
	}
	return d, nil
}

func firstH1(doc ast.Node, src []byte) string {
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok && h.Level == 1 {
			return strings.TrimSpace(textOf(h, src))
		}
	}
	return ""
}

// navItem is an entry of the sidebar.
type navItem struct {
	Title    string
	URL      string
	Children []navItem
}

// navPath returns p when the sidebar of site links to it, else "".
func navPath(site *siteData, p string) string {
	if site == nil {
		return ""
	}
	var in func([]navItem) bool
	in = func(items []navItem) bool {
		for _, it := range items {
			if it.URL == p || in(it.Children) {
				return true
			}
		}
		return false
	}
	if in(site.Docs) || in(site.Reference) {
		return p
	}
	return ""
}

// docNav groups the content pages for the sidebar: pages at the top of
// content/ first-level, pages in a folder under that folder's entry (its
// index.md or _index.md, if any, names it), everything by weight.
func docNav(docs []*doc) []navItem {
	type group struct {
		item   navItem
		weight int
		order  int
	}
	var groups []*group
	byDir := map[string]*group{}
	for i, d := range docs {
		dir, _, nested := strings.Cut(d.Rel, "/")
		if !nested {
			groups = append(groups, &group{item: navItem{Title: d.Title, URL: d.URL}, weight: d.Weight, order: i})
			continue
		}
		g := byDir[dir]
		if g == nil {
			g = &group{item: navItem{Title: titleCase(dir)}, weight: d.Weight, order: i}
			byDir[dir] = g
			groups = append(groups, g)
		}
		base := path.Base(d.Rel)
		if strings.Count(d.Rel, "/") == 1 && (base == "index.md" || base == "_index.md") {
			g.item.Title, g.item.URL, g.weight = d.Title, d.URL, d.Weight
			continue
		}
		g.item.Children = append(g.item.Children, navItem{Title: d.Title, URL: d.URL})
	}
	slices.SortStableFunc(groups, func(a, b *group) int {
		return cmp.Or(cmp.Compare(a.weight, b.weight), cmp.Compare(a.order, b.order))
	})
	out := make([]navItem, len(groups))
	for i, g := range groups {
		out[i] = g.item
	}
	return out
}

func titleCase(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "-", " "), "_", " ")
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
