package build

import (
	"fmt"
	"io"

	"github.com/spf13/afero"
)

// maxLockFile bounds a lockfile read: prompts.lock and manuals.lock hold a
// few lines per bundle or manual, so 64 MiB is far beyond a real one.
const maxLockFile = 64 << 20

// readLockFile reads a lockfile (prompts.lock, manuals.lock or one named
// with --lock). A named pipe, device or folder at its place is refused
// instead of read: reading a pipe nobody writes would wait forever. A
// missing file is the file system's fs.ErrNotExist.
func readLockFile(fsys afero.Fs, p string) ([]byte, error) {
	fi, err := fsys.Stat(p)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file (%s)", fi.Mode().Type())
	}
	if fi.Size() > maxLockFile {
		return nil, fmt.Errorf("%d bytes: a lockfile is at most %d MiB", fi.Size(), maxLockFile>>20)
	}
	f, err := fsys.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxLockFile+1))
}
