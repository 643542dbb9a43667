package lint

import (
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/textan"
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
		byTrigger := map[string][]int32{}
		keys := keyMemo{}
		for i, m := range ms {
			norm[i] = keys.keys(m.Triggers) // as `lore eval` compares them (textan.Keys)
			for _, t := range norm[i] {
				byTrigger[t] = append(byTrigger[t], int32(i))
			}
		}
		// For each manual a, count the triggers it shares with every later
		// manual b in a dense array; touched lists the b's to check.
		shared := make([]int32, len(ms))
		var touched []int32
		for a := range ms {
			touched = touched[:0]
			for _, t := range norm[a] {
				idx := byTrigger[t]
				if len(idx) > maxTriggerManuals {
					continue // a trigger on hundreds of manuals is noise, not a pairwise collision
				}
				for _, b := range idx {
					if int(b) <= a {
						continue
					}
					if shared[b] == 0 {
						touched = append(touched, b)
					}
					shared[b]++
				}
			}
			slices.Sort(touched)
			for _, b := range touched {
				n := int(shared[b])
				shared[b] = 0
				if !textan.Collide(n, len(norm[a]), len(norm[b])) || !sameEngine(ms[a], ms[b]) {
					continue
				}
				mb := ms[b]
				inA := make(map[string]bool, len(norm[a]))
				for _, k := range norm[a] {
					inA[k] = true
				}
				var common []string
				listed := map[string]bool{}
				for _, t := range mb.Triggers { // as written, not as compared
					if k := keys.key(t); inA[k] && !listed[t] {
						listed[t] = true
						common = append(common, t)
					}
				}
				line, col := triggersLine(mb)
				p.Report(mb, line, col, "shares %d of its triggers with %s (%s): a request matching them cannot tell the two apart; make the triggers specific or merge the manuals",
					n, ms[a].Path, diag.Clip(strings.Join(common, ", ")))
			}
		}
	},
}

// keyMemo is textan.Key of each trigger, computed once per run: the
// manuals of a project share most of their triggers (48,298 triggers,
// 14,800 distinct, in the generated 10k corpus).
type keyMemo map[string]string

func (m keyMemo) key(t string) string {
	k, ok := m[t]
	if !ok {
		k = textan.Key(t)
		m[t] = k
	}
	return k
}

// keys is textan.Keys through the memo: the distinct, non-empty keys of
// ts, in order.
func (m keyMemo) keys(ts []string) []string {
	var out []string
	seen := make(map[string]bool, len(ts))
	for _, t := range ts {
		if k := m.key(t); k != "" && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

// maxTriggerManuals is the number of manuals above which a trigger no
// longer counts towards overlaps.
const maxTriggerManuals = 200

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
