// Package searchindex writes the site's client-side search index: a small
// manifest loaded on first use, term-sharded posting files loaded on demand,
// and a file per document with what its result shows (record, sections for
// the excerpt), the vocabulary by first character for typo tolerance, and
// the analysis data (a.json, a-fold.json). Documents are analysed with
// internal/textan, the analysis the how_do_i catalog routes with (Unicode
// words, ASCII folding, stop words, Snowball English; German
// normalisation, light stemming and a compound's head). The browser side
// is theme/assets/js/search.js, which analyses queries as the catalog
// analyses a request (separable verbs, language, glossary renderings,
// compounds, the thesaurus): the steps are ported to JavaScript and proven
// equal by the shared vectors in testdata/, and everything that is data
// comes from textan through a.json, so there is one vocabulary.
//
// A site writes the index with Write and wires a page's search box with
// initSearch from theme/assets/js/search.js:
//
//	st, err := searchindex.Write(out, docs, searchindex.Options{})
//	// page: <input type="search" id="search"> <div id="search-results"></div>
//	// JS:   initSearch(box, results, { index: "<path from the page to st.Manifest>" })
//
// The page's Content-Security-Policy must allow connect-src 'self'.
//
// The JavaScript port of the English stemmer is generated from the Go
// stemmer the module depends on:
//
//go:generate go run gen_snowball.go
package searchindex
