package site

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lorekit/lore/build/site/searchindex"
)

// searchDir is the folder of the browser search index; main.js loads
// <root>/search/index.json on first use.
const searchDir = "search"

// searchDocs lists what the search box finds: every manual, the content
// pages, the prompt bundles and the task templates and library blocks of
// the cheatsheet.
func (r *run) searchDocs() []searchindex.Document {
	in := r.in
	docs := make([]searchindex.Document, 0, len(in.Manuals)+len(r.docs)+len(in.Bundles)+len(in.Templates)+len(in.Blocks))
	for _, m := range in.Manuals {
		docs = append(docs, searchindex.FromManual(m.M, m.URL))
	}
	for _, d := range r.docs {
		docs = append(docs, searchindex.FromPage(d.URL, d.Title, d.Desc, d.Doc, d.Body))
	}
	for _, b := range in.Bundles {
		// A bundle is found by its id (recipe, surface, provider, role)
		// and the names of its blocks; its facets are said once, in the
		// summary, so that a bundle does not outrank the manual or
		// template a word names.
		var blocks []string
		for _, l := range b.Layers {
			if !slices.Contains(blocks, l.Block) {
				blocks = append(blocks, l.Block)
			}
		}
		role := ""
		if b.Role != "" {
			role = ", role " + b.Role
		}
		docs = append(docs, searchindex.Document{
			URL: BundleURL(b.ID), Name: b.ID, Title: "Prompt bundle",
			Summary: fmt.Sprintf("Recipe %s, surface %s%s, provider %s (%s): %d tokens.", b.Recipe, b.Surface, role, b.Provider, b.Style, b.Tokens),
			Body:    strings.Join(blocks, " "),
		})
	}
	for _, t := range in.Templates {
		docs = append(docs, searchindex.Document{URL: cheatsheetURL + "#template-" + t.Name, Name: t.Name, Title: "Task template",
			Summary: t.Description, Body: t.ArgumentHint + "\n" + t.Body})
	}
	for _, b := range in.Blocks {
		body := b.Body
		for _, v := range b.Variants {
			body += "\n" + v.Body
		}
		docs = append(docs, searchindex.Document{URL: cheatsheetURL + "#block-" + b.Name, Name: b.Name, Title: "Library block", Body: body})
	}
	return docs
}
