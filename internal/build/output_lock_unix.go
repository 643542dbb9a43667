//go:build unix

package build

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// lockFolder takes an exclusive lock (flock) on the OS folder dir, waiting
// for another holder to let go; the lock goes with the process.
func lockFolder(dir string) (func(), error) { return flockFolder(dir, syscall.LOCK_EX) }

// tryLockFolder is lockFolder that does not wait: nil when another holds
// the lock (or the folder cannot be opened).
func tryLockFolder(dir string) func() {
	unlock, err := flockFolder(dir, syscall.LOCK_EX|syscall.LOCK_NB)
	if err != nil {
		return nil
	}
	return unlock
}

// flockFolder takes the flock how on the OS folder dir.
func flockFolder(dir string, how int) (func(), error) {
	f, err := os.Open(filepath.FromSlash(dir))
	if err != nil {
		return nil, fmt.Errorf("cannot lock %s: %w", dir, err)
	}
	for {
		err = syscall.Flock(int(f.Fd()), how)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("cannot lock %s: %w", dir, err)
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

// processAlive reports whether a process pid exists.
func processAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
