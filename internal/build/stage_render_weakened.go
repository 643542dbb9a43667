package build

import (
	"path"
	"slices"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/site"
)

// withWeakened adds to caps, the surfaces the pages show by manual, what
// lore.yaml does to each manual's security rules (lint.Weakened: a rule
// set off or lowered, files lint.ignore covers), as the lock records it:
// the Security page's "Rules off" shows settings beside disable comments.
// The surfaces are taken from a memo shared between builds, so a changed
// one is a copy; the settings are applied on every build, never kept.
func withWeakened(p *Project, caps map[string]*site.Capabilities) map[string]*site.Capabilities {
	weakened := lint.Weakened(p.Config)
	if weakened == nil {
		return caps
	}
	for _, m := range p.Manuals.Manuals {
		rel := p.RelPath(m.Path)
		c := caps[rel]
		if c == nil {
			continue
		}
		files := []string{m.Path}
		for _, f := range c.Files {
			files = append(files, path.Join(path.Dir(m.Path), f.Path))
		}
		facts := weakened(files)
		if len(facts) == 0 {
			continue
		}
		cp := *c
		cp.Suppressed = slices.Clone(c.Suppressed)
		for _, f := range facts {
			if v := diag.Clip(f.Value); !slices.Contains(cp.Suppressed, v) {
				cp.Suppressed = append(cp.Suppressed, v)
			}
		}
		caps[rel] = &cp
	}
	return caps
}
