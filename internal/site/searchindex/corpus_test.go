package searchindex

import (
	"cmp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/corpusgen"
	"github.com/lorekit/lore/internal/manual"
)

// corpus is a generated project's manuals as Documents, and the words of
// their bodies by falling document frequency (stop words left out).
type corpus struct {
	docs     []Document
	frequent []string
}

// generated caches the corpora by size, once per test binary.
var generated = struct {
	sync.Mutex
	by map[int]*corpus
}{by: map[int]*corpus{}}

// generatedCorpus returns the n manuals that internal/corpusgen writes
// (seed 1), parsed with internal/manual and converted with FromManual, each
// published where the site puts it (manuals/<path>.html).
func generatedCorpus(tb testing.TB, n int) *corpus {
	tb.Helper()
	generated.Lock()
	defer generated.Unlock()
	if c := generated.by[n]; c != nil {
		return c
	}
	fs := afero.NewMemMapFs()
	if err := corpusgen.Write(fs, "p", n, 1); err != nil {
		tb.Fatal(err)
	}
	set := manual.Load(fs, []string{"p/manuals"})
	c := &corpus{docs: make([]Document, 0, len(set.Manuals))}
	df := map[string]int{}
	for _, m := range set.Manuals {
		url := strings.TrimSuffix(strings.TrimPrefix(m.Path, "p/"), ".md") + ".html"
		d := FromManual(m, url, [32]byte{})
		d, _ = d.resolved()
		c.docs = append(c.docs, d)
		seen := map[string]bool{}
		for _, w := range indexedWords(d.Body) {
			if !seen[w] && !isStopWord(w) {
				seen[w] = true
				df[w]++
			}
		}
	}
	for w := range df {
		c.frequent = append(c.frequent, w)
	}
	slices.SortFunc(c.frequent, func(a, b string) int { return cmp.Or(cmp.Compare(df[b], df[a]), strings.Compare(a, b)) })
	if len(c.docs) != n {
		tb.Fatalf("corpusgen wrote %d manuals, want %d", len(c.docs), n)
	}
	generated.by[n] = c
	return c
}
