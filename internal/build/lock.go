package build

import (
	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
)

// LockResult is what Lock did.
type LockResult struct {
	// Path is the lockfile.
	Path string
	// Lock is the lock written; nil when nothing was written.
	Lock *bundle.Lock
	// Grown lists bundles whose prefix grew; without a reason they were
	// refused and nothing was written.
	Grown []bundle.Growth
	// Diagnostics are the prompt errors that stopped the lock.
	Diagnostics diag.List
	// Changed reports whether the file's content changed.
	Changed bool
	// Manuals is what was written to manuals.lock (nil when nothing was
	// written).
	Manuals *ManualLockResult
}

// LockOptions configure Lock.
type LockOptions struct {
	// AllowGrowth is the reason a bundle may grow in bytes; empty refuses
	// growth.
	AllowGrowth string
	// Date is the day recorded with an accepted growth (YYYY-MM-DD).
	Date string
}

// Lock bakes every bundle and writes prompts.lock (beside lore.yaml), and
// writes the capability surface of every manual and skill to
// manuals.lock. It refuses, writing nothing, when a prompt has errors or
// when a bundle grew in bytes and o.AllowGrowth is empty. An accepted
// growth is added to the lock's history with its reason and date; earlier
// records are kept.
func Lock(p *Project, o LockOptions) (*LockResult, error) {
	b, err := Bake(p)
	if err != nil {
		return nil, err
	}
	res := &LockResult{Path: p.lockPath()}
	// The prompt rules, with the manuals their hooks resolve to; findings
	// in manuals do not stop a lock.
	in := p.lintInput(p.Manuals, func(f string) bool { return p.inPrompts(f) || f == p.Config.File })
	in.Prompts = b.Facts
	for _, d := range lint.Run(in) {
		if d.Severity == diag.Error {
			res.Diagnostics = append(res.Diagnostics, d)
		}
	}
	if len(res.Diagnostics) > 0 {
		return res, nil
	}
	old, _, err := ReadLock(p)
	if err != nil {
		return nil, err
	}
	next, grown := old.Update(b.Bundles, o.AllowGrowth, o.Date)
	res.Grown = grown
	if next == nil {
		return res, nil
	}
	data := next.Format()
	prev, _ := readLockFile(p.FS, res.Path)
	res.Changed = string(prev) != string(data)
	if res.Changed {
		if err := writeLockFile(p.FS, res.Path, data); err != nil {
			return nil, err
		}
	}
	res.Lock = next
	if res.Manuals, err = lockManuals(p); err != nil {
		return nil, err
	}
	return res, nil
}
