package site

import (
	"fmt"
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
		var blocks []string
		for _, l := range b.Layers {
			blocks = append(blocks, l.Block+" "+l.Layer+" "+l.Source)
		}
		who := b.Recipe
		if b.Role != "" {
			who += ", role " + b.Role
		}
		docs = append(docs, searchindex.Document{
			URL: BundleURL(b.ID), Name: b.ID, Title: "Prompt bundle of " + who,
			Summary:  fmt.Sprintf("The %s system prompt for %s on %s, %s style: %d tokens.", b.Recipe, b.Provider, b.Surface, b.Style, b.Tokens),
			Triggers: nonEmpty(b.Recipe, b.Engine, b.Surface, b.Role, b.Provider, b.Style),
			Body:     strings.Join(blocks, "\n"),
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

func nonEmpty(s ...string) []string {
	var out []string
	for _, x := range s {
		if x != "" {
			out = append(out, x)
		}
	}
	return out
}
