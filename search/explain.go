package search

import (
	index "github.com/blevesearch/bleve_index_api"

	"fmt"
	"math"
	"sort"
	"strings"
)

// trace records, for an explanation, which form of each word matched a
// document best and where.
type trace struct {
	best map[uint64][]match
	nw   int
}

type match struct {
	term, field string
	score       float64
}

func (t *trace) note(doc uint64, word int, term, field string, s float64) {
	ms := t.best[doc]
	if ms == nil {
		ms = make([]match, t.nw)
		t.best[doc] = ms
	}
	ms[word] = match{term: term, field: field, score: s}
}

// Explain routes intent like HowDoI and describes how the n best
// candidates were scored: the intent's words with their weights and forms,
// and for each candidate the field and form each word matched best.
func (c *Catalog) Explain(text string, v Visibility, n int) (string, error) {
	adv, err := c.idx.Advanced()
	if err != nil {
		return "", err
	}
	r, err := adv.Reader()
	if err != nil {
		return "", err
	}
	defer r.Close()
	it := c.analyse(text, r)
	st := c.stats(it, r)
	visible, err := c.visibleSet(v, r)
	if err != nil {
		return "", err
	}
	fs := c.forms(it, r)
	tr := &trace{best: map[uint64][]match{}, nw: len(it.words)}
	all := c.score(it, st, fs, r, visible, tr)
	var b strings.Builder
	fmt.Fprintf(&b, "intent %q (language %q)\n", text, it.lang)
	for i, w := range it.words {
		var forms []string
		for _, f := range fs[i] {
			s := fmt.Sprintf("%s×%.2f", f.term, f.weight)
			if f.german {
				s += "(de)"
			}
			if f.routing {
				s += "(r)"
			}
			forms = append(forms, s)
		}
		fmt.Fprintf(&b, "  %-16s weight %.2f  %s\n", w.raw, st.weights[i], strings.Join(forms, " "))
	}
	sort.Slice(all, func(i, j int) bool { return better(all[i], all[j]) })
	for k, d := range all {
		if k >= n {
			break
		}
		id, _ := r.ExternalID(index.IndexInternalID(binaryID(d.num)))
		fmt.Fprintf(&b, "%2d. %.3f (cover %.2f) %s\n", k+1, math.Round(d.total/(1+c.sc.coverage)*1000)/1000, d.cover, id)
		for i, m := range tr.best[d.num] {
			if m.field != "" {
				fmt.Fprintf(&b, "      %-16s %s in %s: %.2f\n", it.words[i].raw, m.term, m.field, m.score)
			}
		}
	}
	return b.String(), nil
}
