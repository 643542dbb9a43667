//go:build unix

package build

import (
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
	"golang.org/x/sys/unix"
)

// holdsOS is holds on the OS file system, for a caller that needs only
// yes or no (the nothing-changed build): verifyListOS without the names.
// Names are unique in a folder, so a folder holds exactly the files the
// record has there when each recorded name is a regular file as recorded
// (stat'ed relative to the open folder) and the folder has as many
// entries besides its subfolders: no entry needs looking up in the
// record. The first difference ends the walk. ok is false when dir
// cannot be read.
func holdsOS(dir string, l *recList) (same, ok bool) {
	root, err := openDir(filepath.FromSlash(dir))
	if err != nil {
		return false, false
	}
	_ = root.Close()
	h := &osHolds{l: l, folders: l.folders()}
	h.g.SetLimit(runtime.GOMAXPROCS(0))
	h.folder(dir, "")
	_ = h.g.Wait()
	return !h.differs.Load() && int(h.seen.Load()) == len(l.paths), true
}

type osHolds struct {
	l       *recList
	folders map[string][]int32 // read only
	g       errgroup.Group
	differs atomic.Bool  // a difference was found
	seen    atomic.Int64 // recorded files found as recorded
}

func (h *osHolds) done() bool { return h.differs.Load() }

// do runs f on another goroutine when a worker is free, else now.
func (h *osHolds) do(f func()) {
	if !h.g.TryGo(func() error { f(); return nil }) {
		f()
	}
}

// folder checks the folder rel ("" the output itself) of the output at
// dir.
func (h *osHolds) folder(dir, rel string) {
	if h.done() {
		return
	}
	f, err := openDir(filepath.FromSlash(path.Join(dir, rel)))
	if err != nil {
		h.differs.Store(true)
		return
	}
	entries, err := f.ReadDir(-1)
	if err != nil {
		_ = f.Close()
		h.differs.Store(true)
		return
	}
	files := 0
	for _, e := range entries {
		if e.IsDir() {
			r := join(rel, e.Name())
			h.do(func() { h.folder(dir, r) })
		} else {
			files++
		}
	}
	in := h.folders[rel]
	if files != len(in) {
		_ = f.Close()
		h.differs.Store(true)
		return
	}
	if len(in) == 0 {
		_ = f.Close()
		return
	}
	cut := 0
	if rel != "" {
		cut = len(rel) + 1
	}
	var wg sync.WaitGroup
	for chunk := range slices.Chunk(in, verifyChunk) {
		wg.Add(1)
		h.do(func() { defer wg.Done(); h.stat(f, dir, cut, chunk) })
	}
	go func() { wg.Wait(); _ = f.Close() }()
}

// stat checks the recorded files at the indexes in (their names cut
// from their paths at cut) in the open folder d of the output at dir.
func (h *osHolds) stat(d *os.File, dir string, cut int, in []int32) {
	fd := int(d.Fd())
	for _, i := range in {
		if h.done() {
			return
		}
		p := h.l.paths[i]
		var st unix.Stat_t
		if unix.Fstatat(fd, p[cut:], &st, unix.AT_SYMLINK_NOFOLLOW) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG ||
			!h.l.same(i, st.Size, st.Mtim.Nano(), func() ([]byte, error) { return os.ReadFile(filepath.FromSlash(path.Join(dir, p))) }) {
			h.differs.Store(true)
			return
		}
		h.seen.Add(1)
	}
}
