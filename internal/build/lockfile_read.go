package build

import (
	"errors"
	"fmt"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/capability"
	"github.com/lorekit/lore/internal/wall"
)

// readLockFile reads a lockfile (prompts.lock, manuals.lock or one named
// with --lock): a regular file of at most capability.MaxLockFile bytes
// whose links stay inside its folder (capability.ReadLockFile).
func readLockFile(fsys afero.Fs, p string) ([]byte, error) {
	return capability.ReadLockFile(fsys, p)
}

// writeLockFile writes a lockfile that lore lock made, unless a symbolic
// link at its place leads out of its folder: lore lock never writes
// through a link a contributor committed (prompts.lock -> ~/.bashrc,
// dangling or not) to a file outside the project.
func writeLockFile(fsys afero.Fs, p string, data []byte) error {
	if err := capability.LockInside(fsys, p); err != nil {
		var esc *wall.Escape
		if errors.As(err, &esc) && esc.Link != "" {
			return fmt.Errorf("cannot write %s: symbolic link %s points to %s, outside its root %s: not written; "+
				"remove the link and run lore lock again, which writes the file itself", p, esc.Link, esc.Target, esc.Root)
		}
		return fmt.Errorf("cannot write %s: %w", p, err)
	}
	if err := afero.WriteFile(fsys, p, data, 0o644); err != nil {
		return fmt.Errorf("cannot write %s: %w", p, err)
	}
	return nil
}
