package routediff

import (
	"cmp"
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/capability"
	"github.com/lorekit/lore/internal/diag"
)

// changesOf turns the probes whose loaded manual differs (was → now)
// into changes: under the manual that now loads the request, or, when
// none does, under the one that did.
func changesOf(p, old *build.Project, probes []probe, wasA, nowA *answers) []capability.Change {
	was, now := wasA.loaded, nowA.loaded
	nowS, wasS := sideOf(p), sideOf(old)
	name := func(s side, rel string) string {
		if m := s.by[rel]; m != nil {
			return m.Name
		}
		return rel // a tool's entry, or a skill's folder
	}
	var out []capability.Change
	for i, pr := range probes {
		if !wasA.decisive[i] && !nowA.decisive[i] || was[i] == now[i] || was[i] == "" && pr.own(now[i]) {
			continue // unchanged, or a manual's own new request
		}
		c := capability.Change{Kind: capability.Route, Value: pr.text, Probe: strings.Join(pr.of, "; ")}
		if was[i] != "" {
			c.Old = name(wasS, was[i])
		}
		switch {
		case now[i] != "":
			c.Manual, c.Name, c.New, c.Op = now[i], name(nowS, now[i]), name(nowS, now[i]), capability.Added
			if was[i] != "" {
				c.Op = capability.Changed
			}
			if m := nowS.by[now[i]]; m != nil {
				c.Pos = m.LinePos(1, 1)
			}
		default:
			c.Manual, c.Name, c.Op = was[i], c.Old, capability.Removed
			if m := nowS.by[was[i]]; m != nil {
				c.Pos = m.LinePos(1, 1)
			} else {
				c.Pos = diag.Pos{File: was[i]}
			}
		}
		out = append(out, c)
	}
	slices.SortStableFunc(out, func(a, b capability.Change) int {
		return cmp.Or(cmp.Compare(a.Manual, b.Manual), cmp.Compare(a.Value, b.Value))
	})
	return out
}

// Merge adds the route changes rs to the report's changes, each after
// the other changes of its manual (both are ordered by manual).
func Merge(cs, rs []capability.Change) []capability.Change {
	out := make([]capability.Change, 0, len(cs)+len(rs))
	i := 0
	for _, c := range cs {
		for i < len(rs) && rs[i].Manual < c.Manual {
			out = append(out, rs[i])
			i++
		}
		out = append(out, c)
	}
	return append(out, rs[i:]...)
}
