package build

import (
	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/capability"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/site"
)

// capabilities is siteCapabilities for a build of the session: the
// surface of a manual that stands alone (no skill: neither a SKILL.md nor
// a document of one) is made of its own path and bytes only, and is taken
// from the session's last build when the manual's identity (ids,
// site.ManualID) is the same. The others are computed, as a single build
// computes them all.
func (s *Session) capabilities(p *Project, sums, ids map[*manual.Manual]cache.Key) map[string]*site.Capabilities {
	if s.once {
		return siteCapabilities(p, sums)
	}
	alone := func(m *manual.Manual) bool { return m.Owner == nil && !m.IsSkillEntry() }
	out := map[string]*site.Capabilities{}
	next := make(map[cache.Key]*site.Capabilities, len(p.Manuals.Manuals))
	var todo, origs []*manual.Manual
	for _, m := range p.Manuals.Manuals {
		if alone(m) {
			if c, ok := s.caps[ids[m]]; ok {
				out[p.RelPath(m.Path)] = c
				next[ids[m]] = c
				continue
			}
		}
		c := *m // the set below finds the owners again: the build's manuals stay as they are
		todo, origs = append(todo, &c), append(origs, m)
	}
	if len(todo) > 0 {
		of := make(map[*manual.Manual]cache.Key, len(todo))
		for i, c := range todo {
			if k, ok := sums[origs[i]]; ok {
				of[c] = k
			}
		}
		sum := func(m *manual.Manual) ([32]byte, bool) {
			k, ok := of[m]
			return k, ok
		}
		for _, sf := range capability.All(manual.NewSet(todo), capability.Options{FS: p.FS, Rel: p.RelPath, Sum: sum}) {
			out[sf.Manual] = siteSurface(sf)
		}
		for _, m := range origs {
			if alone(m) {
				if c, ok := out[p.RelPath(m.Path)]; ok {
					next[ids[m]] = c
				}
			}
		}
	}
	s.caps = next
	return out
}
