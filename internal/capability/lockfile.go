package capability

import (
	"path"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/wall"
)

// MaxLockFile bounds a lockfile read: prompts.lock and manuals.lock hold a
// few lines per bundle or manual, so 64 MiB is far beyond a real one.
const MaxLockFile = 64 << 20

// ReadLockFile reads a lockfile (manuals.lock, prompts.lock or one named
// with --lock): a regular file of at most MaxLockFile bytes
// (manual.ReadBounded) whose symbolic links stay inside its folder. A
// lockfile is a contributor's file like any other: a link to
// /proc/self/environ or ~/.git-credentials would otherwise have its first
// line quoted in a parse error of a public CI log, and a link to /dev/zero
// would be read until the memory ran out. A link that leads out is an
// error, the *wall.Escape naming the link and its target, never the text
// behind it.
func ReadLockFile(fsys afero.Fs, file string) ([]byte, error) {
	if err := LockInside(fsys, file); err != nil {
		return nil, err
	}
	return manual.ReadBounded(fsys, file, MaxLockFile, "a lockfile")
}

// LockInside returns the *wall.Escape of a lockfile whose symbolic links
// lead out of its folder (a link that does not resolve yet is judged by
// where it points): such a file is neither read nor written. nil when it
// stays inside, and when its links cannot be resolved (a loop): the read
// or write reports that.
func LockInside(fsys afero.Fs, file string) error {
	e, err := wall.Check(fsys, path.Dir(file), file)
	if err != nil || e == nil {
		return nil
	}
	return e
}
