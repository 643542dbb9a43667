package lint

import (
	"slices"
	"strings"

	"github.com/lorekit/lore/build/diag"
	"github.com/lorekit/lore/build/manual"
	"github.com/lorekit/lore/search"
)

var triggersOverlap = &Rule{
	ID: "triggers/overlap", Severity: diag.Warning,
	Summary: "two manuals visible to one engine share most of their triggers",
	Doc: "Triggers route `how_do_i`; when two manuals that one engine can see share most of their triggers (at least two, and more than half " +
		"of the smaller list, compared as the router compares them: stemmed, umlauts folded), a request matching them cannot tell the two apart and the wrong manual is loaded. Make each manual's triggers " +
		"say what is specific to it, or merge the manuals. `lore eval` lists the pairs its labelled intents confuse most; the two should agree.",
	Project: func(p *Pass) {
		ms := p.In.Manuals.Manuals
		norm := make([][]string, len(ms))
		byTrigger := map[string][]int{}
		for i, m := range ms {
			norm[i] = NormalizeTriggers(m.Triggers)
			for _, t := range norm[i] {
				byTrigger[t] = append(byTrigger[t], i)
			}
		}
		shared := map[[2]int]int{}
		for _, idx := range byTrigger {
			if len(idx) > 200 {
				continue // a trigger on hundreds of manuals is noise, not a pairwise collision
			}
			for a := 0; a < len(idx); a++ {
				for b := a + 1; b < len(idx); b++ {
					shared[[2]int{idx[a], idx[b]}]++
				}
			}
		}
		pairs := make([][2]int, 0, len(shared))
		for k := range shared {
			pairs = append(pairs, k)
		}
		slices.SortFunc(pairs, func(x, y [2]int) int {
			if x[0] != y[0] {
				return x[0] - y[0]
			}
			return x[1] - y[1]
		})
		for _, pr := range pairs {
			n := shared[pr]
			a, b := ms[pr[0]], ms[pr[1]]
			small := min(len(norm[pr[0]]), len(norm[pr[1]]))
			if n < 2 || 2*n <= small || !sameEngine(a, b) {
				continue
			}
			var common []string
			for _, t := range norm[pr[0]] {
				if slices.Contains(norm[pr[1]], t) {
					common = append(common, t)
				}
			}
			line, col := triggersLine(b)
			p.Report(b, line, col, "shares %d of its triggers with %s (%s): a request matching them cannot tell the two apart; make the triggers specific or merge the manuals",
				n, a.Path, strings.Join(common, ", "))
		}
	},
}

// NormalizeTriggers returns the distinct triggers as the how_do_i router
// compares them (search.TriggerKey: normalised, stemmed, in English and
// German alike), so that this rule and the pairs `lore eval` reports as
// confused speak of the same collisions.
func NormalizeTriggers(ts []string) []string { return search.TriggerKeys(ts) }

// sameEngine reports whether some engine sees both manuals.
func sameEngine(a, b *manual.Manual) bool {
	return a.Audience == "" || b.Audience == "" || a.Audience == b.Audience
}

func triggersLine(m *manual.Manual) (int, int) {
	if f, ok := m.Header.Field(manual.KeyTriggers); ok {
		return f.Line, f.Col
	}
	if f, ok := m.Header.Field("triggers"); ok {
		return f.Line, f.Col
	}
	return 1, 1
}
