package build

import (
	"github.com/lorekit/lore/internal/binenc"
	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/capability"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/site"
)

// capsTable keeps, between single builds, the capability surface of each
// manual that stands alone, under the manual's identity.
const capsTable = "capabilities"

// capabilities is siteCapabilities for a build of the session: the
// surface of a manual that stands alone (no skill: neither a SKILL.md nor
// a document of one; no link to a file that is not a manual) is made of
// its own path and bytes only, and is taken
// from an earlier build when the manual's identity (ids, site.ManualID) is
// the same — the session's last build, or for a single build the build
// cache c (nil: none). The others are computed, as a single build without
// a cache computes them all.
func (s *Session) capabilities(p *Project, sums, ids map[*manual.Manual]cache.Key, c *cache.Cache) map[string]*site.Capabilities {
	var memo capsMemo
	switch {
	case !s.once:
		memo = &sessionCaps{prev: s.caps, next: make(map[cache.Key]*site.Capabilities, len(p.Manuals.Manuals))}
		defer func() { s.caps = memo.(*sessionCaps).next }()
	case c != nil:
		memo = tableCaps{c.Table(capsTable)}
	default:
		return siteCapabilities(p, sums)
	}
	alone := func(m *manual.Manual) bool {
		return m.Owner == nil && !m.IsSkillEntry() && len(capability.LinkedPaths(m)) == 0
	}
	out := map[string]*site.Capabilities{}
	var todo, origs []*manual.Manual
	for _, m := range p.Manuals.Manuals {
		if alone(m) {
			if c, ok := memo.get(ids[m]); ok {
				out[p.RelPath(m.Path)] = c
				continue
			}
		}
		c := *m // the set below finds the owners again: the build's manuals stay as they are
		todo, origs = append(todo, &c), append(origs, m)
	}
	if len(todo) == 0 {
		return out
	}
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
				memo.put(ids[m], c)
			}
		}
	}
	return out
}

// capsMemo holds the surfaces of manuals that stand alone by identity.
type capsMemo interface {
	// get returns the surface kept for id, and keeps it for the next build.
	get(id cache.Key) (*site.Capabilities, bool)
	// put keeps c as the surface of id for the next build.
	put(id cache.Key, c *site.Capabilities)
}

// sessionCaps are the surfaces of the session's last build (prev) and
// of this one (next).
type sessionCaps struct {
	prev, next map[cache.Key]*site.Capabilities
}

func (m *sessionCaps) get(id cache.Key) (*site.Capabilities, bool) {
	c, ok := m.prev[id]
	if ok {
		m.next[id] = c
	}
	return c, ok
}

func (m *sessionCaps) put(id cache.Key, c *site.Capabilities) { m.next[id] = c }

// tableCaps are surfaces in the build cache.
type tableCaps struct{ t *cache.Table }

func (m tableCaps) get(id cache.Key) (*site.Capabilities, bool) {
	b, ok := m.t.Get(id)
	if !ok {
		return nil, false
	}
	return decodeCaps(b)
}

func (m tableCaps) put(id cache.Key, c *site.Capabilities) { m.t.Put(id, encodeCaps(c)) }

// encodeCaps is c in binary (binenc).
func encodeCaps(c *site.Capabilities) []byte {
	var w binenc.Writer
	for _, ss := range [][]string{c.Tools, c.Hosts, c.Commands, c.Scripts, c.Suppressed} {
		w.Strs(ss)
	}
	w.Bool(c.Files != nil)
	w.Int(len(c.Files))
	for _, f := range c.Files {
		w.Str(f.Path)
		w.Str(f.Digest)
	}
	return w.B
}

// decodeCaps reads what encodeCaps wrote; false when b is not that.
func decodeCaps(b []byte) (*site.Capabilities, bool) {
	r := binenc.NewReader(b)
	c := &site.Capabilities{}
	for _, p := range []*[]string{&c.Tools, &c.Hosts, &c.Commands, &c.Scripts, &c.Suppressed} {
		*p = r.Strs()
	}
	hasFiles, n := r.Bool(), r.Count()
	if hasFiles {
		c.Files = make([]site.CapabilityFile, 0, n)
	}
	for range n {
		c.Files = append(c.Files, site.CapabilityFile{Path: r.Str(), Digest: r.Str()})
	}
	return c, r.Done()
}
