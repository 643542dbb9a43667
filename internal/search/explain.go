package search

import (
	"fmt"
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

// fieldNames say where a word matched, in explanations.
var fieldNames = map[string]string{
	fWords: "the name", fTrigEN: "a trigger (in part)", fTrigDE: "a German trigger (in part)", fPhrases: "a trigger said whole",
	fSumEN: "the summary", fSumDE: "the summary (German)", fTitle: "the title", fHeadings: "the headings",
	fRefs: "the skill's documents", fBody: "the body",
}

// explanation is what rank computed on the way, for Explain.
type explanation struct {
	it        intent
	st        *termStats
	fs        [][]form
	matches   map[string][]match // by document id: where each word matched best
	unmatched float64
}

// Explain routes intent like HowDoIWith and describes how: the intent's
// words with their weights and forms, the n best candidates in the order
// the answer sees them with where each word matched best, and the answer.
func (c *Catalog) Explain(text string, v Visibility, th Thresholds) (string, error) {
	var ex explanation
	hits, err := c.rankExplained(text, v, max(th.MaxAlternatives, 2), &ex)
	if err != nil {
		return "", err
	}
	it, st, fs := ex.it, ex.st, ex.fs
	var b strings.Builder
	fmt.Fprintf(&b, "intent %q (language %q; %.0f %% of its weight matches no manual)\n", text, it.lang, 100*ex.unmatched)
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
	for k, h := range hits {
		fmt.Fprintf(&b, "%2d. %.3f (routing fields: %d words, %.2f of the weight) %s\n", k+1, h.Score, h.Routed, h.Cover, h.Path)
		for i, m := range ex.matches[h.ID] {
			if m.field != "" {
				fmt.Fprintf(&b, "      %-16s %q in %s: %.2f\n", it.words[i].raw, m.term, fieldNames[m.field], m.score)
			}
		}
	}
	a := decide(hits, th)
	switch {
	case a.Loaded != nil:
		fmt.Fprintf(&b, "answer: loaded %s\n", a.Loaded.Name)
	case len(a.Alternatives) > 0:
		var names []string
		for _, h := range a.Alternatives {
			names = append(names, h.Name)
		}
		fmt.Fprintf(&b, "answer: alternatives %s\n", strings.Join(names, ", "))
	default:
		b.WriteString("answer: hint\n")
	}
	return b.String(), nil
}
