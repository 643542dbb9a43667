package search

import (
	_ "embed"
	"strings"
	"sync"

	"github.com/blevesearch/bleve/v2/analysis"
)

// thesaurusText relates the words users say to the words manuals use for
// the same thing ("slow" → performance, "docx" → word), in English.
//
//go:embed thesaurus_en.txt
var thesaurusText string

// defaultThesaurus is lore's thesaurus analysed with the catalog's English
// analyzer (every catalog of this schema has the same), parsed once per
// process and never changed.
var defaultThesaurus = sync.OnceValue(func() map[string][]string {
	im, err := newMapping(nil)
	if err != nil {
		panic(err) // the mapping is lore's own constant
	}
	return parseThesaurus(thesaurusText, im.AnalyzerNamed(analyzerEN))
})

// parseThesaurus maps the English term of each key to the terms of its
// related words, all analysed with en (so "slowly" finds "slow").
func parseThesaurus(text string, en analysis.Analyzer) map[string][]string {
	out := map[string][]string{}
	for k, v := range wordListLines(text) {
		keys := en.Analyze([]byte(k))
		if len(keys) != 1 {
			continue
		}
		key := string(keys[0].Term)
		for _, rel := range strings.Split(v, ",") {
			for _, t := range en.Analyze([]byte(rel)) {
				if string(t.Term) != key {
					out[key] = appendNew(out[key], string(t.Term))
				}
			}
		}
	}
	return out
}
