package build

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"

	"github.com/spf13/afero"
)

// The new output is made in a folder beside the output and swapped in.
// On Linux the swap is one rename(2) with RENAME_EXCHANGE: at every
// instant the output's name refers to a complete output. Elsewhere (and on
// file systems without it) the previous output is renamed aside and the
// new one renamed in: between the two renames the output's name refers to
// nothing, never to a mix.

// stagePath is where a build of pid makes the new output of dir.
func stagePath(dir string, pid int) string {
	return path.Join(path.Dir(dir), "."+path.Base(dir)+".new-"+strconv.Itoa(pid))
}

// asidePath is where a build of pid moves the previous output of dir
// while it swaps (without RENAME_EXCHANGE).
func asidePath(dir string, pid int) string {
	return path.Join(path.Dir(dir), "."+path.Base(dir)+".old-"+strconv.Itoa(pid))
}

// osFS reports whether fsys is the OS file system, whose paths are OS
// paths (relative to the working folder).
func osFS(fsys afero.Fs) bool {
	_, ok := fsys.(*afero.OsFs)
	return ok
}

// swapIn makes stage the output dir and returns the folder that holds the
// previous output now ("" when there was none), for the caller to remove.
func swapIn(fsys afero.Fs, stage, dir string) (string, error) {
	if _, err := fsys.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		if err := fsys.Rename(stage, dir); err != nil {
			return "", fmt.Errorf("cannot publish %s: %w", dir, err)
		}
		return "", nil
	}
	if osFS(fsys) {
		if err := exchange(filepath.FromSlash(stage), filepath.FromSlash(dir)); err == nil {
			return stage, nil // now the previous output
		}
	}
	old := asidePath(dir, os.Getpid())
	if err := fsys.RemoveAll(old); err != nil {
		return "", err
	}
	if err := fsys.Rename(dir, old); err != nil {
		return "", fmt.Errorf("cannot move the previous output %s aside: %w", dir, err)
	}
	if err := fsys.Rename(stage, dir); err != nil {
		_ = fsys.Rename(old, dir)
		return "", fmt.Errorf("cannot publish %s: %w", dir, err)
	}
	return old, nil
}

// linkFile makes to a hard link of from, on the OS file system.
func linkFile(fsys afero.Fs, from, to string) error {
	if !osFS(fsys) {
		return errors.ErrUnsupported
	}
	return os.Link(filepath.FromSlash(from), filepath.FromSlash(to))
}
