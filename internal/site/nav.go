package site

import (
	"html"
	"net/url"
	"path"
	"regexp"
	"strings"
)

// tocEntry is a heading of a page's body in its on-page contents.
type tocEntry struct {
	Level int // 2 or 3
	ID    string
	Text  string
}

// headingRE finds the h2 and h3 headings body.heading writes: the id, and
// the heading's HTML up to its anchor link. Raw HTML of a manual is
// escaped, so every such tag in a body is one of these.
var headingRE = regexp.MustCompile(`<h([23]) id="([^"]*)">(.*?) <a class="anchor" href="#`)

var htmlTagRE = regexp.MustCompile(`<[^>]*>`)

// maxTOC bounds the on-page contents of a very long page.
const maxTOC = 60

// tocOf lists the h2 and h3 headings of a rendered body.
func tocOf(body []byte) []tocEntry {
	var out []tocEntry
	for _, m := range headingRE.FindAllSubmatch(body, maxTOC) {
		text := strings.TrimSpace(html.UnescapeString(htmlTagRE.ReplaceAllString(string(m[3]), "")))
		if text == "" {
			continue
		}
		out = append(out, tocEntry{Level: int(m[1][0] - '0'), ID: html.UnescapeString(string(m[2])), Text: text})
	}
	return out
}

// crumbs are a manual's breadcrumbs: the catalog, each folder of its path
// (a link to the catalog showing that folder), and the file. Links are
// relative to the page, whose way back to the site root is root.
func crumbs(root, p string) []link {
	out := []link{{Label: "Manuals", URL: root + homeURL}}
	dirs := strings.Split(path.Dir(p), "/")
	if path.Dir(p) == "." {
		dirs = nil
	}
	for i, d := range dirs {
		folder := strings.Join(dirs[:i+1], "/")
		out = append(out, link{Label: d, URL: root + homeURL + "?folder=" + url.QueryEscape(folder)})
	}
	return append(out, link{Label: path.Base(p)})
}

// pager links a page to the previous and next page of its group.
type pager struct {
	Label      string // what the group is: "In this folder"
	Prev, Next *link
}

// folderPager returns the previous and next manual of m's group in the
// catalog (its folder; for a file of an Agent Skill the folder that holds
// the skills), in path order, with links relative to m's page.
func (r *run) folderPager(m *Manual) pager {
	g := r.collection(m.Path)
	pg := pager{Label: "Manuals in " + g}
	sib := r.groups[g]
	for i, o := range sib {
		if o != m {
			continue
		}
		root := rootOf(m.URL)
		if i > 0 {
			pg.Prev = &link{Label: r.label(sib[i-1]), URL: root + sib[i-1].URL}
		}
		if i+1 < len(sib) {
			pg.Next = &link{Label: r.label(sib[i+1]), URL: root + sib[i+1].URL}
		}
	}
	return pg
}

// label names a manual where several share its name: "README (pdf)".
func (r *run) label(m *Manual) string {
	if w := r.where[m]; w != "" {
		return m.M.Name + " (" + w + ")"
	}
	return m.M.Name
}
