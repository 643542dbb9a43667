package lint

import (
	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/diag"
)

var promptLock = &Rule{
	ID: "prompt/lock", Severity: diag.Error, Floor: true,
	Summary: "a bundle differs from prompts.lock (with --locked)",
	Doc: "prompts.lock records the sha256 and size of every bundle. `lore build --locked` (CI) fails for every bundle whose prefix or " +
		"tail changed, that the lock lacks, or that is locked but no longer built, so a prompt change is always a reviewed lockfile change. " +
		"`lore lock` rewrites the file and refuses growth in bytes unless given `--allow-growth \"why\"`, which it records (seed 002's ratchet).",
	Project: promptRule(func(p *Pass) {
		f := p.In.Prompts
		l := f.Lock
		switch {
		case l == nil: // not asked to compare
		case l.Err != "":
			p.ReportAt(diag.Pos{File: l.Path, Line: l.ErrLine, Col: min(l.ErrLine, 1)}, diag.Pos{}, "%s", l.Err)
		case !l.Found:
			if len(f.Bundles) > 0 {
				p.ReportAt(diag.Pos{File: l.Path}, diag.Pos{}, "no %s, and the project bakes %d bundles: run 'lore lock' and commit the file", bundle.LockFile, len(f.Bundles))
			}
		default:
			for _, m := range l.Lock.Check(f.Bundles) {
				p.ReportAt(diag.Pos{File: l.Path, Line: m.Line, Col: min(m.Line, 1)}, diag.Pos{}, "%s", m.Message)
			}
		}
	}),
}
