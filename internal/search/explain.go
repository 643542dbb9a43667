package search

import (
	"fmt"
	"strings"

	"github.com/lorekit/lore/internal/plural"
)

// trace records, for an explanation, which form of each word matched a
// document best and where.
type trace struct {
	best map[uint64][]match
	nw   int
}

type match struct {
	term, field string
	kind        matchKind
	score       float64
}

func (t *trace) note(doc uint64, word int, term, field string, kind matchKind, s float64) {
	ms := t.best[doc]
	if ms == nil {
		ms = make([]match, t.nw)
		t.best[doc] = ms
	}
	ms[word] = match{term: term, field: field, kind: kind, score: s}
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
	return guarded(c.dir, func() (string, error) { return c.explain(text, v, th) })
}

func (c *Catalog) explain(text string, v Visibility, th Thresholds) (string, error) {
	var ex explanation
	hits, err := c.rankExplained(text, v, max(th.MaxAlternatives, 2), &ex)
	if err != nil {
		return "", err
	}
	it, st, fs := ex.it, ex.st, ex.fs
	var b strings.Builder
	fmt.Fprintf(&b, "intent %q (language %q; %.0f %% of its weight matches no manual)\n", text, it.lang, 100*ex.unmatched)
	b.WriteString("words (weight; forms: term×weight, (de) German fields, (r) routing fields only):\n")
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
			if f.kind != kindWord {
				s += "[" + f.kind.String() + "]"
			}
			forms = append(forms, s)
		}
		fmt.Fprintf(&b, "  %-16s weight %.2f  %s\n", w.raw, st.weights[i], strings.Join(forms, " "))
	}
	var sumW float64
	for _, w := range st.weights {
		sumW += w
	}
	for k, h := range hits {
		c.writeHit(&b, k, h, &ex, sumW)
	}
	a := decide(hits, th)
	b.WriteString(why(hits, th) + "\n")
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

// writeHit describes the k-th candidate h: where each word of the intent
// matched it best, and what each type of match contributes to its score
// (sumW is the intent's weight).
func (c *Catalog) writeHit(b *strings.Builder, k int, h Hit, ex *explanation, sumW float64) {
	it, st := ex.it, ex.st
	named := ""
	if h.Naming > 0 {
		named = "; named by " + plural.Of(h.Naming, "word", "words")
	}
	fmt.Fprintf(b, "%2d. %.3f (routing fields: %s, %.2f of the weight%s) %s\n", k+1, h.Score, plural.Of(h.Routed, "word", "words"), h.Cover, named, h.Path)
	var by [numKinds]float64
	share := func(i int, s float64) float64 {
		if sumW == 0 {
			return 0
		}
		return st.weights[i] * s / sumW / c.sc.maxTotal()
	}
	for i, m := range ex.matches[h.ID] {
		if m.field == "" {
			continue
		}
		mark := ""
		if i < len(h.wordNaming) && h.wordNaming[i] {
			mark = " (names it)"
		}
		fmt.Fprintf(b, "      %-16s %q (%s) in %s: %.2f%s\n", it.words[i].raw, m.term, m.kind, fieldNames[m.field], m.score, mark)
		by[m.kind] += share(i, m.score)
		if i < len(h.wordScore) && h.wordScore[i] > m.score+1e-9 {
			fmt.Fprintf(b, "      %-16s its compound's parts together (compound part): %.2f\n", "", h.wordScore[i])
			by[kindPart] += share(i, h.wordScore[i]-m.score)
		}
	}
	var parts []string
	for kind, v := range by {
		if v > 0 {
			parts = append(parts, fmt.Sprintf("%s %.3f", matchKind(kind), v))
		}
	}
	if cov := c.sc.coverage * h.Cover / c.sc.maxTotal(); cov > 0 {
		parts = append(parts, fmt.Sprintf("routing coverage %.3f", cov))
	}
	if nb := c.sc.name * h.named / c.sc.maxTotal(); nb > 0 {
		parts = append(parts, fmt.Sprintf("whole name %.3f", nb))
	}
	if len(parts) > 0 {
		fmt.Fprintf(b, "      score by match type: %s\n", strings.Join(parts, ", "))
	}
}

// why says in a line why the best of hits is loaded or not (judgeLoad).
func why(hits []Hit, th Thresholds) string {
	v, k := judgeLoad(hits, th)
	if v == verdictNone {
		return "decision: no candidate"
	}
	best := hits[0]
	var ev string
	switch {
	case best.Naming > 0:
		ev = fmt.Sprintf("the intent names it (%s in its name or a whole trigger)", plural.Of(best.Naming, "word", "words"))
	case best.Routed >= minRoutedWords:
		ev = fmt.Sprintf("%s of the intent in its routing fields", plural.Of(best.Routed, "word", "words"))
	default:
		ev = fmt.Sprintf("%.2f of the intent's weight in its routing fields", best.Cover)
	}
	ahead := "no competitor"
	if k >= 0 {
		ahead = fmt.Sprintf("the runner-up %s scores %.3f (margin %.2f, ratio %.2f)", hits[k].Name, hits[k].Score, th.Margin, th.Ratio)
	}
	switch v {
	case verdictWeak:
		return fmt.Sprintf("decision: %s is not loaded: confidence %.3f is under Load %.2f", best.Name, best.Score, th.Load)
	case verdictEvidence:
		return fmt.Sprintf("decision: %s is not loaded: too little evidence of its own (%s in its routing fields, %.2f of the intent's weight; none names it)",
			best.Name, plural.Of(best.Routed, "word", "words"), best.Cover)
	case verdictClose:
		return fmt.Sprintf("decision: %s is not loaded: not clearly ahead: %s", best.Name, ahead)
	}
	return fmt.Sprintf("decision: %s is loaded: confidence %.3f ≥ Load %.2f; evidence: %s; clearly ahead: %s", best.Name, best.Score, th.Load, ev, ahead)
}
