package textan

import (
	_ "embed"
	"strings"
)

// thesaurusText relates the words users say to the words manuals use for
// the same thing ("slow" → performance, "docx" → word), in English.
//
//go:embed thesaurus_en.txt
var thesaurusText string

// parseThesaurus maps the English term of each key to the terms of its
// related words, all analysed with English (so "slowly" finds "slow").
func parseThesaurus(text string) map[string][]string {
	out := map[string][]string{}
	for k, v := range wordListLines(text) {
		keys := English(k)
		if len(keys) != 1 {
			continue
		}
		key := keys[0].Term
		for _, rel := range strings.Split(v, ",") {
			for _, t := range English(rel) {
				if t.Term != key {
					out[key] = appendNew(out[key], t.Term)
				}
			}
		}
	}
	return out
}

func appendNew(s []string, v string) []string {
	for _, x := range s {
		if x == v {
			return s
		}
	}
	return append(s, v)
}
