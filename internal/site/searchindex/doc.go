// Package searchindex writes the site's client-side search index: a small
// manifest loaded on first use, term-sharded posting files loaded on demand,
// and a file per document with what its result shows (record, sections for
// the excerpt), and the vocabulary by first character for typo tolerance. The browser side is
// theme/assets/js/search.js, which analyses queries exactly as this package
// analyses documents (the same tokenizer, ASCII folding, stop words and
// Snowball English and German stemmers, ported to JavaScript and proven equal
// by the shared vectors in testdata/).
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
// The JavaScript port of the stemmers is generated from the Go stemmers the
// module depends on:
//
//go:generate go run gen_snowball.go
package searchindex
