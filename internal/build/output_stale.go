package build

import (
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/afero"
)

// What an interrupted build leaves, and the next build removes:
//   - .<out>.new-<pid>: the new output it was making (beside the output),
//   - .<out>.old-<pid>: the previous output, moved aside during a swap,
//   - <out>.tmp-<pid> and <out>.tmp-<pid>.old: the same, of lore before
//     the swap (removed once that process is gone),
//   - lore-catalog-<pid>-*: a catalog being built, in the OS temporary
//     folder (removed once that process is gone: a lore serve or lore mcp
//     session keeps its catalog there between builds).
// The first two are removed under the output's lock: no other build into
// the output runs meanwhile.

// catalogTempPrefix starts the name of the OS temporary folder a catalog
// is built in; the process id follows.
const catalogTempPrefix = "lore-catalog-"

// catalogTempPattern is the os.MkdirTemp pattern of this process's
// catalog folders.
func catalogTempPattern() string { return catalogTempPrefix + strconv.Itoa(os.Getpid()) + "-*" }

// lockOutput takes the lock on the output dir: a lock on its parent folder
// (on the OS file system; a file system in memory belongs to one process).
func lockOutput(fsys afero.Fs, dir string) (func(), error) {
	if !osFS(fsys) {
		return func() {}, nil
	}
	return lockFolder(path.Dir(dir))
}

// tryLockOutput is lockOutput that does not wait: nil when another build
// holds the lock.
func tryLockOutput(fsys afero.Fs, dir string) func() {
	if !osFS(fsys) {
		return func() {}
	}
	return tryLockFolder(path.Dir(dir))
}

// removeStale removes what interrupted builds into dir left.
func removeStale(fsys afero.Fs, dir string) {
	parent, base := path.Dir(dir), path.Base(dir)
	entries, err := afero.ReadDir(fsys, parent)
	if err == nil {
		for _, e := range entries {
			name := e.Name()
			stale := false
			if rest, ok := strings.CutPrefix(name, "."+base+"."); ok {
				for _, kind := range []string{"new-", "old-"} {
					if pid, ok := strings.CutPrefix(rest, kind); ok && isNumber(pid) {
						stale = true
					}
				}
			} else if rest, ok := strings.CutPrefix(name, base+".tmp-"); ok {
				pid := strings.TrimSuffix(rest, ".old")
				n, err := strconv.Atoi(pid)
				stale = err == nil && isNumber(pid) && !processAlive(n)
			}
			if stale {
				_ = fsys.RemoveAll(path.Join(parent, name))
			}
		}
	}
	removeStaleCatalogs()
}

// removeStaleCatalogs removes the catalog folders of processes that are
// gone from the OS temporary folder.
func removeStaleCatalogs() {
	tmp := os.TempDir()
	entries, err := os.ReadDir(tmp)
	if err != nil {
		return
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), catalogTempPrefix)
		if !ok || !e.IsDir() {
			continue
		}
		pid, _, ok := strings.Cut(rest, "-")
		n, err := strconv.Atoi(pid)
		if !ok || err != nil || !isNumber(pid) || n == os.Getpid() || processAlive(n) {
			continue
		}
		_ = os.RemoveAll(filepath.Join(tmp, e.Name()))
	}
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
