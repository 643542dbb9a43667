package build

import (
	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/capability"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/site"
)

// siteCapabilities returns the capability surface of every manual that
// has one (lore manuals, Agent Skills files, SKILL.md with its folder), as
// the manual pages and the Security page show it: values from the
// manuals with hidden characters escaped.
func siteCapabilities(p *Project, sums map[*manual.Manual]cache.Key) map[string]*site.Capabilities {
	sum := func(m *manual.Manual) ([32]byte, bool) {
		k, ok := sums[m]
		return k, ok
	}
	out := map[string]*site.Capabilities{}
	for _, s := range capability.All(p.Manuals, capability.Options{FS: p.FS, Rel: p.RelPath, Sum: sum}) {
		out[s.Manual] = siteSurface(s)
	}
	return out
}

// siteSurface is a surface as the pages show it.
func siteSurface(s capability.Surface) *site.Capabilities {
	c := &site.Capabilities{}
	for _, f := range s.Facts {
		v := diag.Clip(f.Value)
		switch f.Kind {
		case capability.Tool:
			c.Tools = append(c.Tools, v)
		case capability.Host:
			c.Hosts = append(c.Hosts, v)
		case capability.Command:
			c.Commands = append(c.Commands, v)
		case capability.Script:
			c.Scripts = append(c.Scripts, v)
		case capability.Suppress:
			c.Suppressed = append(c.Suppressed, v)
		case capability.File:
			c.Files = append(c.Files, site.CapabilityFile{Path: v, Digest: f.Digest})
		}
	}
	return c
}
