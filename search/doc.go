// Package search is the how_do_i catalog: a bleve index of everything an
// engine can discover (manuals of both dialects and the tool descriptions
// of lore.yaml), built offline into one segment, and the router that
// answers an intent with the manual to load, a few alternatives, or a hint.
//
// Routing is embedded and explainable, no model call: the intent is
// analysed in English and German (Snowball English, German normalisation
// with ASCII folding and light stemming, compound splitting), German words
// are expanded through a compact technical glossary into English, words
// the catalog does not know are matched fuzzily, and the fields are
// weighted (name and triggers over summary over headings over body).
// Visibility is a filter inside the query, never a re-ranking: a manual
// whose audience is another engine, or whose requires-tools are not all in
// the allow-set, cannot be returned.
package search
