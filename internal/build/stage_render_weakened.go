package build

import (
	"path"
	"slices"

	"github.com/lorekit/lore/internal/capability"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/site"
)

// withWeakened adds to caps, the surfaces the pages show by manual, what
// lore.yaml does to each manual's security rules (weakenedSurface).
func withWeakened(p *Project, caps map[string]*site.Capabilities) map[string]*site.Capabilities {
	weakened := lint.Weakened(p.Config)
	if weakened == nil {
		return caps
	}
	// The facts are the few settings of lore.yaml, the same for most
	// manuals: each is clipped once, not once per manual.
	clipped := map[string]string{}
	clip := func(v string) string {
		c, ok := clipped[v]
		if !ok {
			c = diag.Clip(v)
			clipped[v] = c
		}
		return c
	}
	for _, m := range p.Manuals.Manuals {
		rel := p.RelPath(m.Path)
		if c := caps[rel]; c != nil {
			caps[rel] = weakenedSurface(weakened, m, c, clip)
		}
	}
	return caps
}

// weakenedSurface returns c, the surface of m, with what lore.yaml does
// to m's security rules (weakened, lint.Weakened: a rule set off or
// lowered, files lint.ignore covers) among its suppressions, as the lock
// records them: the Security page's "Rules off" and the manual's page
// show settings beside disable comments. c may come from a memo shared
// between builds, so a changed surface is a copy; the settings are
// applied on every build and every page written ahead, never kept. clip
// is diag.Clip, or a memo of it.
func weakenedSurface(weakened func([]string) []capability.Fact, m *manual.Manual, c *site.Capabilities, clip func(string) string) *site.Capabilities {
	if weakened == nil || c == nil {
		return c
	}
	files := []string{m.Path}
	for _, f := range c.Files {
		files = append(files, path.Join(path.Dir(m.Path), f.Path))
	}
	facts := weakened(files)
	if len(facts) == 0 {
		return c
	}
	cp := *c
	cp.Suppressed = slices.Clone(c.Suppressed)
	for _, f := range facts {
		if v := clip(f.Value); !slices.Contains(cp.Suppressed, v) {
			cp.Suppressed = append(cp.Suppressed, v)
		}
	}
	return &cp
}
