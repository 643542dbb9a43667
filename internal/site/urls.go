package site

import (
	"strconv"
	"strings"
)

// ManualURL returns the page path, from the site root, of the n-th file
// called name: n is 0 for the file manual_read('name') links to and 1, 2, …
// for the other files of that name (shadowed in some recipe). '~' never
// occurs in a manual name, so the paths cannot collide.
func ManualURL(name string, n int) string {
	if n == 0 {
		return "manuals/" + name + ".html"
	}
	return "manuals/" + name + "~" + strconv.Itoa(n+1) + ".html"
}

// BundleURL returns the page path of the bundle with id.
func BundleURL(id string) string { return "bundles/" + safeName(id) + ".html" }

// The fixed pages, from the site root.
const (
	homeURL       = "index.html"
	bundlesURL    = "bundles/index.html"
	lintURL       = "lint.html"
	rulesURL      = "rules.html"
	cheatsheetURL = "cheatsheet.html"
	graphURL      = "graph.html"
	notFoundURL   = "404.html"
)

// rootOf returns the way from the page at p back to the site root.
func rootOf(p string) string { return strings.Repeat("../", strings.Count(p, "/")) }

// ruleAnchor is the id of a rule's entry in the rule reference.
func ruleAnchor(id string) string { return "rule-" + strings.ReplaceAll(id, "/", "-") }

// safeName keeps the characters that are safe in a file name and a URL.
func safeName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	if b.Len() == 0 || strings.HasPrefix(b.String(), ".") {
		return "_" + b.String()
	}
	return b.String()
}
