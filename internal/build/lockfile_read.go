package build

import (
	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/manual"
)

// maxLockFile bounds a lockfile read: prompts.lock and manuals.lock hold a
// few lines per bundle or manual, so 64 MiB is far beyond a real one.
const maxLockFile = 64 << 20

// readLockFile reads a lockfile (prompts.lock, manuals.lock or one named
// with --lock), a regular file of at most maxLockFile bytes (manual.ReadBounded).
func readLockFile(fsys afero.Fs, p string) ([]byte, error) {
	return manual.ReadBounded(fsys, p, maxLockFile, "a lockfile")
}
