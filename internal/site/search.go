package site

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/site/searchindex"
	"github.com/lorekit/lore/internal/textan"
)

// searchDir is the folder of the browser search index; main.js loads
// <root>/search/index.json on first use.
const searchDir = "search"

// searchFresh decides (once) whether out holds the search index of the
// same documents already.
func (r *run) searchFresh(out Output) {
	if r.search.decided {
		return
	}
	r.search.decided = true
	r.search.key = r.searchKey()
	r.search.fresh = out.FreshGroup(searchDir, r.search.key)
}

// writeSearch writes the browser search index, unless out holds the
// index of the same documents.
func (r *run) writeSearch(out Output) error {
	r.searchFresh(out)
	if r.search.fresh {
		return nil
	}
	key := r.search.key
	opt := searchindex.Options{Dir: searchDir, Analyses: r.in.SearchAnalyses, Analysis: textan.New(r.in.SearchVocabulary),
		Kept: func(name string, sum [32]byte) bool { return out.Keep(path.Join(searchDir, name), key, sum) }}
	// Each file goes out as it is made: the index of thousands of
	// manuals is tens of megabytes.
	emit := func(name string, data []byte) error { return out.Write(path.Join(searchDir, name), key, data) }
	if _, err := searchindex.WriteFunc(emit, r.searchDocs(), opt); err != nil {
		return err
	}
	r.search.written = true
	return nil
}

// searchKey identifies the documents searchDocs lists, without listing
// them: a manual's document derives from the manual and its URL.
func (r *run) searchKey() cache.Key {
	h := cache.NewHasher("site/search").String(renderVersion).String(r.in.SearchVocabulary)
	h.Int(len(r.in.Manuals))
	for _, m := range r.in.Manuals {
		h.Key(r.manualID(m.M)).String(m.URL)
	}
	h.Int(len(r.docs))
	for _, d := range r.docs {
		h.String(d.URL).String(d.Title).String(d.Desc).Bytes(d.Body)
	}
	hashView(h, r.manualID, []any{r.in.Bundles, r.in.Templates, r.in.Blocks}, &r.plans)
	return h.Sum()
}

// searchDoc is the search document of manual m, identified by m and its
// URL (the analyses of an earlier build are reused by that identity, and
// the body's text is then not needed).
func (r *run) searchDoc(m *Manual) searchindex.Document {
	return searchindex.FromManual(m.M, m.URL, cache.NewHasher("site/search-doc").Key(r.manualID(m.M)).String(m.URL).Sum())
}

// searchDocs lists what the search box finds: every manual, the content
// pages, the prompt bundles and the task templates and library blocks of
// the cheatsheet.
func (r *run) searchDocs() []searchindex.Document {
	in := r.in
	docs := make([]searchindex.Document, 0, len(in.Manuals)+len(r.docs)+len(in.Bundles)+len(in.Templates)+len(in.Blocks))
	if r.search.manuals != nil {
		docs = append(docs, r.search.manuals...)
		r.search.manuals = nil
	} else {
		for _, m := range in.Manuals {
			docs = append(docs, r.searchDoc(m))
		}
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
