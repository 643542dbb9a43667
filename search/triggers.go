package search

import (
	"slices"
	"strings"
	"sync"

	"github.com/blevesearch/bleve/v2/analysis"
)

// triggerAnalyzer is the catalog's German analyzer, built once: its
// normalisation (lower case, ä/ae → a, ß → ss) and light stemming serve
// English and German triggers alike (charts → chart, Diagramme →
// diagramm, Schluessel → schlussel). It never changes after it is built.
var triggerAnalyzer = sync.OnceValue(func() analysis.Analyzer {
	im, err := newMapping(nil)
	if err != nil {
		panic(err) // the mapping is a constant of this package
	}
	return im.AnalyzerNamed(analyzerDE)
})

// TriggerKey is the form in which the router compares a trigger: its
// words, normalised and stemmed, without stop words. Two triggers with the
// same key match the same requests ("bar charts" and "Bar Chart").
func TriggerKey(t string) string {
	var words []string
	last := -1
	for _, tok := range triggerAnalyzer().Analyze([]byte(t)) {
		if tok.Position == last {
			continue // a compound's part; the whole word is the key
		}
		last = tok.Position
		words = append(words, string(tok.Term))
	}
	if len(words) == 0 {
		return strings.ToLower(strings.Join(strings.Fields(t), " "))
	}
	return strings.Join(words, " ")
}

// TriggerKeys returns the distinct keys of ts, in order.
func TriggerKeys(ts []string) []string {
	var out []string
	for _, t := range ts {
		if k := TriggerKey(t); k != "" && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// SharedTriggers returns the trigger keys a and b have in common, and
// whether they collide as the lint rule triggers/overlap defines it: at
// least two shared, and more than half of the shorter list.
func SharedTriggers(a, b []string) (shared []string, collide bool) {
	ka, kb := TriggerKeys(a), TriggerKeys(b)
	for _, k := range ka {
		if slices.Contains(kb, k) {
			shared = append(shared, k)
		}
	}
	n, small := len(shared), min(len(ka), len(kb))
	return shared, n >= 2 && 2*n > small
}
