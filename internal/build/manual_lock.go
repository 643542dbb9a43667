package build

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/capability"
	"github.com/lorekit/lore/internal/lint"
)

// Capability lock (manuals.lock): the surface of every manual and skill,
// written by lore lock beside prompts.lock and compared by the manual/lock
// rule under lore build --locked (see lintBuild's hook).

// manualLockPath is manuals.lock beside the project file.
func (p *Project) manualLockPath() string { return p.Config.Path(capability.LockFile) }

// Surfaces returns the capability surface of every manual and skill of
// the project, keyed by their paths relative to the project.
func (p *Project) Surfaces() []capability.Surface {
	return capability.All(p.Manuals, capability.Options{FS: p.FS, Rel: p.RelPath, Weakened: lint.Weakened(p.Config)})
}

// ReadManualLock reads the project's manuals.lock; a missing file is an
// empty lock and ok is false.
func ReadManualLock(p *Project) (l *capability.Lock, ok bool, err error) {
	return readManualLock(p.FS, p.manualLockPath())
}

func readManualLock(fsys afero.Fs, file string) (*capability.Lock, bool, error) {
	src, err := readLockFile(fsys, file)
	if errors.Is(err, fs.ErrNotExist) {
		return &capability.Lock{}, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", file, unwrap(err))
	}
	l, err := capability.ParseLock(file, src)
	if err != nil {
		return nil, true, fmt.Errorf("%w (the lockfile %s): fix it, or rewrite it with 'lore lock'", err, file)
	}
	return l, true, nil
}

// ManualLockResult is what Lock did to manuals.lock.
type ManualLockResult struct {
	Path string
	// Manuals counts the manuals and skills locked.
	Manuals int
	// Changes are the differences from the lock before (all of the
	// project when there was none), now accepted.
	Changes []capability.Change
	// Changed reports whether the file's content changed; First that
	// there was no lock before (or none that could be read).
	Changed, First bool
}

// lockManuals writes manuals.lock for the project's manuals as they are.
// A lock that cannot be parsed is rewritten.
func lockManuals(p *Project) (*ManualLockResult, error) {
	res := &ManualLockResult{Path: p.manualLockPath()}
	cur := p.Surfaces()
	old, found, err := ReadManualLock(p)
	res.First = !found || err != nil // a lock that cannot be read is written anew
	if err != nil {
		old = &capability.Lock{}
	}
	res.Manuals = len(cur)
	res.Changes = capability.Diff(old, cur)
	data := capability.NewLock(cur).Format()
	prev, _ := readLockFile(p.FS, res.Path)
	res.Changed = string(prev) != string(data)
	if res.Changed {
		if err := writeLockFile(p.FS, res.Path, data); err != nil {
			return nil, err
		}
	}
	return res, nil
}
