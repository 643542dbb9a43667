package search

import (
	"strings"
	"sync"
	"unicode"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/de"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	stopfilter "github.com/blevesearch/bleve/v2/analysis/token/stop"
)

// triggerFilters are the token filters of the catalog's German analyzer
// without compound splitting, built once and never changed: their
// normalisation (lower case, ä/ae → a, ß → ss) and light stemming serve
// English and German triggers alike (charts → chart, Diagramme →
// diagramm, Schluessel → schlussel).
var triggerFilters = sync.OnceValue(func() []analysis.TokenFilter {
	stop := analysis.NewTokenMap()
	if err := stop.LoadBytes(de.GermanStopWords); err != nil {
		panic(err) // a constant of bleve
	}
	return []analysis.TokenFilter{
		lowercase.NewLowerCaseFilter(), stopfilter.NewStopTokensFilter(stop),
		de.NewGermanNormalizeFilter(), de.NewGermanLightStemmerFilter(),
	}
})

// TriggerKey is the form in which the router compares a trigger: its
// words, normalised and stemmed, without stop words. Two triggers with the
// same key match the same requests ("bar charts" and "Bar Chart").
func TriggerKey(t string) string {
	var ts analysis.TokenStream
	for _, w := range strings.FieldsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }) {
		ts = append(ts, &analysis.Token{Term: []byte(w)})
	}
	for _, f := range triggerFilters() {
		ts = f.Filter(ts)
	}
	words := make([]string, len(ts))
	for i, tok := range ts {
		words[i] = string(tok.Term)
	}
	if len(words) == 0 {
		return strings.ToLower(strings.Join(strings.Fields(t), " "))
	}
	return strings.Join(words, " ")
}

// TriggerKeys returns the distinct keys of ts, in order.
func TriggerKeys(ts []string) []string {
	var out []string
	seen := make(map[string]bool, len(ts))
	for _, t := range ts {
		if k := TriggerKey(t); k != "" && !seen[k] {
			seen[k] = true
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
	inB := make(map[string]bool, len(kb))
	for _, k := range kb {
		inB[k] = true
	}
	for _, k := range ka {
		if inB[k] {
			shared = append(shared, k)
		}
	}
	n, small := len(shared), min(len(ka), len(kb))
	return shared, n >= 2 && 2*n > small
}
