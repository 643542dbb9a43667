package search

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/lorekit/lore/internal/plural"
	"github.com/lorekit/lore/internal/textan"
)

// Stats are the routing figures of a group of outcomes.
type Stats struct {
	Lang string
	// InScope counts intents with an expected manual; None the others.
	InScope, None int
	// Top1, Top3 and MRR measure the ranking of in-scope intents.
	Top1, Top3, MRR float64
	// LoadedRight is the share of in-scope intents that loaded an expected
	// manual; WrongLoad the share that loaded another one.
	LoadedRight, WrongLoad float64
	// NoneSafe is the share of out-of-scope intents answered with a hint
	// or alternatives, never a load.
	NoneSafe float64
}

// Report summarises an eval.
type Report struct {
	Total    Stats
	ByLang   []Stats
	Misses   []Outcome // in-scope intents whose expected manual is not first, worst first
	NoneLoad []Outcome // out-of-scope intents that loaded something
	Confused []Confusion
	// Hidden counts intents whose expected manuals the asking engine
	// cannot see, all (counted out of scope) or some.
	HiddenAll, HiddenSome int
	// Causes counts the in-scope intents that did not load an expected
	// manual, by cause and language ("all" for every language).
	Causes map[MissCause]map[string]int
}

// MissCause says why an in-scope intent did not load an expected manual,
// so the next round knows where to push: the vocabulary (no candidate),
// the ranking (ranked below), the thresholds (not loaded) or both
// (wrong load).
type MissCause int

const (
	// CauseNone: the answer loaded an expected manual.
	CauseNone MissCause = iota
	// CauseNoCandidate: no expected manual among the candidates at all —
	// the words of the intent do not reach it.
	CauseNoCandidate
	// CauseRankedBelow: an expected manual is a candidate, below another.
	CauseRankedBelow
	// CauseNotLoaded: an expected manual ranked first, but the answer was
	// alternatives or a hint — not clearly ahead, or too little evidence.
	CauseNotLoaded
	// CauseWrongLoad: another manual was loaded.
	CauseWrongLoad
)

// missCauses are the causes in the order the report prints them.
var missCauses = []MissCause{CauseNoCandidate, CauseRankedBelow, CauseNotLoaded, CauseWrongLoad}

func (c MissCause) String() string {
	return [...]string{"loaded right", "no candidate", "ranked below", "first, not loaded", "wrong load"}[c]
}

// Cause returns why o, an in-scope intent, did not load an expected
// manual (CauseNone when it did, or when o is out of scope).
func (o *Outcome) Cause() MissCause {
	switch {
	case len(o.Want) == 0 || o.LoadedRight():
		return CauseNone
	case o.Answer.Loaded != nil:
		return CauseWrongLoad
	case o.Rank == 0:
		return CauseNoCandidate
	case o.Rank > 1:
		return CauseRankedBelow
	}
	return CauseNotLoaded
}

// Confusion is a pair of manuals the eval set confuses: intents for A
// ranked B first, or the other way round.
type Confusion struct {
	A, B  string
	Count int
	// Shared are the triggers both manuals have (as the router compares
	// them); Collide is set when the lint rule triggers/overlap flags the
	// pair for them (textan.Shared).
	Shared  []string
	Collide bool
}

// Annotate fills in the triggers each confused pair shares; triggers maps
// an entry's root-relative path to its triggers (Catalog.Triggers).
func (r *Report) Annotate(triggers map[string][]string) {
	for i := range r.Confused {
		p := &r.Confused[i]
		p.Shared, p.Collide = textan.Shared(triggers[p.A], triggers[p.B])
	}
}

// Summarize computes the report of outcomes.
func Summarize(outs []Outcome) Report {
	var r Report
	r.Total = stats("all", outs)
	var langs []string
	for _, o := range outs {
		if !slices.Contains(langs, o.Lang) {
			langs = append(langs, o.Lang)
		}
	}
	slices.Sort(langs)
	for _, l := range langs {
		var sub []Outcome
		for _, o := range outs {
			if o.Lang == l {
				sub = append(sub, o)
			}
		}
		r.ByLang = append(r.ByLang, stats(l, sub))
	}
	pairs := map[[2]string]int{}
	r.Causes = map[MissCause]map[string]int{}
	for _, o := range outs {
		if c := o.Cause(); c != CauseNone {
			if r.Causes[c] == nil {
				r.Causes[c] = map[string]int{}
			}
			r.Causes[c][o.Lang]++
			r.Causes[c]["all"]++
		}
		switch {
		case len(o.Hidden) > 0 && len(o.Want) == 0:
			r.HiddenAll++
		case len(o.Hidden) > 0:
			r.HiddenSome++
		}
		if len(o.Want) == 0 {
			if o.Answer.Loaded != nil {
				r.NoneLoad = append(r.NoneLoad, o)
			}
			continue
		}
		if o.Rank != 1 {
			r.Misses = append(r.Misses, o)
			if len(o.Ranked) > 0 {
				a, b := o.Want[0], o.Ranked[0].Rel
				if a > b {
					a, b = b, a
				}
				pairs[[2]string{a, b}]++
			}
		}
	}
	slices.SortStableFunc(r.Misses, func(a, b Outcome) int { return missBadness(b) - missBadness(a) })
	for k, n := range pairs {
		r.Confused = append(r.Confused, Confusion{A: k[0], B: k[1], Count: n})
	}
	slices.SortFunc(r.Confused, func(a, b Confusion) int {
		if a.Count != b.Count {
			return b.Count - a.Count
		}
		return strings.Compare(a.A+"\x00"+a.B, b.A+"\x00"+b.B)
	})
	return r
}

// missBadness orders misses: a wrong load first, then absent, then by rank.
func missBadness(o Outcome) int {
	b := o.Rank
	if o.Rank == 0 {
		b = 100
	}
	if o.Answer.Loaded != nil && !o.LoadedRight() {
		b += 1000
	}
	return b
}

func stats(lang string, outs []Outcome) Stats {
	s := Stats{Lang: lang}
	var top1, top3, rr, right, wrong, safe float64
	for _, o := range outs {
		if len(o.Want) == 0 {
			s.None++
			if o.Answer.Loaded == nil {
				safe++
			}
			continue
		}
		s.InScope++
		if o.Rank == 1 {
			top1++
		}
		if o.Rank >= 1 && o.Rank <= 3 {
			top3++
		}
		if o.Rank > 0 {
			rr += 1 / float64(o.Rank)
		}
		if o.Answer.Loaded != nil {
			if o.LoadedRight() {
				right++
			} else {
				wrong++
			}
		}
	}
	if s.InScope > 0 {
		n := float64(s.InScope)
		s.Top1, s.Top3, s.MRR, s.LoadedRight, s.WrongLoad = top1/n, top3/n, rr/n, right/n, wrong/n
	}
	if s.None > 0 {
		s.NoneSafe = safe / float64(s.None)
	}
	return s
}

// Write prints the report: the table per language, the worst misses and
// the most confused pairs.
func (r Report) Write(w io.Writer, worst int) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "lang\tintents\ttop-1\ttop-3\tMRR\tloaded right\twrong load\tNONE\tNONE safe\t")
	for _, s := range append(slices.Clone(r.ByLang), r.Total) {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%.3f\t%s\t%s\t%d\t%s\t\n", s.Lang, s.InScope, pct(s.Top1), pct(s.Top3), s.MRR,
			pct(s.LoadedRight), pct(s.WrongLoad), s.None, pct(s.NoneSafe))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if err := r.writeCauses(w); err != nil {
		return err
	}
	if r.HiddenAll > 0 {
		fmt.Fprintf(w, "\n%s only manuals this engine cannot see: they count as out of scope (NONE).\n", plural.Of(r.HiddenAll, "intent expects", "intents expect"))
	}
	if r.HiddenSome > 0 {
		fmt.Fprintf(w, "%s some manuals this engine cannot see: only the visible ones count.\n", plural.Of(r.HiddenSome, "intent expects", "intents expect"))
	}
	if len(r.Misses) > 0 && worst > 0 {
		fmt.Fprintf(w, "\nworst misses (expected → ranked first):\n")
		for i, o := range r.Misses {
			if i == worst {
				fmt.Fprintf(w, "  … and %d more\n", len(r.Misses)-worst)
				break
			}
			got := "nothing"
			if len(o.Ranked) > 0 {
				got = o.Ranked[0].Rel
			}
			rank := "absent"
			if o.Rank > 0 {
				rank = fmt.Sprintf("rank %d", o.Rank)
			}
			fmt.Fprintf(w, "  %s [%s] %q: %s (%s, %s; %s) → %s\n", o.ID, o.Lang, o.Intent, o.Want[0], rank, o.Decision(), o.Cause(), got)
		}
	}
	if len(r.NoneLoad) > 0 && worst > 0 {
		fmt.Fprintf(w, "\nout-of-scope intents that loaded a manual:\n")
		for _, o := range r.NoneLoad {
			fmt.Fprintf(w, "  %s [%s] %q → %s (score %.2f)\n", o.ID, o.Lang, o.Intent, o.Answer.Loaded.Rel, o.Answer.Loaded.Score)
		}
	}
	if len(r.Confused) > 0 && worst > 0 {
		fmt.Fprintf(w, "\nmost confused pairs:\n")
		for i, p := range r.Confused {
			if i == worst {
				break
			}
			note := ""
			switch {
			case p.Collide:
				note = fmt.Sprintf("  [shared triggers: %s; lint triggers/overlap flags it]", strings.Join(p.Shared, ", "))
			case len(p.Shared) > 0:
				note = fmt.Sprintf("  [shared triggers: %s]", strings.Join(p.Shared, ", "))
			}
			fmt.Fprintf(w, "  %d× %s ↔ %s%s\n", p.Count, p.A, p.B, note)
		}
	}
	return nil
}

// writeCauses prints how many in-scope intents missed a load, by cause and
// language.
func (r Report) writeCauses(w io.Writer) error {
	if len(r.Causes) == 0 {
		return nil
	}
	fmt.Fprintf(w, "\nin-scope intents not loaded right, by cause:\n")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "cause\t")
	for _, s := range r.ByLang {
		fmt.Fprintf(tw, "%s\t", s.Lang)
	}
	fmt.Fprintln(tw, "all\t")
	for _, c := range missCauses {
		fmt.Fprintf(tw, "%s\t", c)
		for _, s := range r.ByLang {
			fmt.Fprintf(tw, "%d\t", r.Causes[c][s.Lang])
		}
		fmt.Fprintf(tw, "%d\t\n", r.Causes[c]["all"])
	}
	return tw.Flush()
}

func pct(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) }
