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

// verifyChunk is how many files of one folder one worker stats: a folder
// of 30,000 pages is shared out among the cores.
const verifyChunk = 1024

// verifyOS is verify on the OS file system: each folder is read once (its
// entries' types come with the names), and the files the record has are
// stat'ed relative to the open folder (fstatat), in chunks on every core;
// files the record does not have need no stat to be unknown. ok is false
// when dir cannot be read (verifyWalk then decides).
func verifyOS(dir string, prev *record, stop *atomic.Bool) (_ *record, unknown []string, ok bool) {
	root, err := os.Open(filepath.FromSlash(dir))
	if err != nil {
		return nil, nil, false
	}
	_ = root.Close()
	v := &osVerifier{prev: prev, stop: stop}
	v.g.SetLimit(runtime.GOMAXPROCS(0))
	v.folder(dir, "")
	_ = v.g.Wait()
	slices.Sort(v.unknown)
	if len(v.ok) == len(prev.files) {
		return prev, v.unknown, true // all there (records are not changed)
	}
	files := make(map[string]recEntry, len(v.ok))
	for _, r := range v.ok {
		files[r] = prev.files[r]
	}
	return newRecord(files), v.unknown, true
}

type osVerifier struct {
	prev *record
	stop *atomic.Bool // when set, the rest is skipped
	g    errgroup.Group

	mu          sync.Mutex
	ok, unknown []string // paths in the output
}

// do runs f on another goroutine when a worker is free, else now: the
// walk never waits for a worker, so it cannot deadlock on itself.
func (v *osVerifier) do(f func()) {
	if !v.g.TryGo(func() error { f(); return nil }) {
		f()
	}
}

// folder verifies the folder rel ("" the output itself) of the output at
// dir.
func (v *osVerifier) folder(dir, rel string) {
	if v.stopped() {
		return
	}
	f, err := os.Open(filepath.FromSlash(path.Join(dir, rel)))
	if err != nil {
		return
	}
	entries, err := f.ReadDir(-1)
	if err != nil {
		_ = f.Close()
		return
	}
	var files []recorded
	var unknown []string
	for _, e := range entries {
		r := join(rel, e.Name())
		switch {
		case e.IsDir():
			v.do(func() { v.folder(dir, r) })
		case e.Type().IsRegular():
			if entry, found := v.prev.files[r]; found {
				files = append(files, recorded{e.Name(), r, entry})
			} else {
				unknown = append(unknown, r)
			}
		default: // a link, a pipe, …: lore writes none
			unknown = append(unknown, r)
		}
	}
	v.add(nil, unknown)
	if len(files) == 0 {
		_ = f.Close()
		return
	}
	var wg sync.WaitGroup
	for chunk := range slices.Chunk(files, verifyChunk) {
		wg.Add(1)
		v.do(func() { defer wg.Done(); v.stat(f, dir, chunk) })
	}
	go func() { wg.Wait(); _ = f.Close() }()
}

// recorded is a file of a folder that the record has: its name in the
// folder, its path in the output and its entry.
type recorded struct {
	name, path string
	entry      recEntry
}

// stat checks the files of the open folder d (of the output at dir)
// against the record.
func (v *osVerifier) stat(d *os.File, dir string, files []recorded) {
	if v.stopped() {
		return
	}
	fd := int(d.Fd())
	ok := make([]string, 0, len(files))
	var unknown []string
	for _, f := range files {
		var st unix.Stat_t
		if unix.Fstatat(fd, f.name, &st, unix.AT_SYMLINK_NOFOLLOW) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
			unknown = append(unknown, f.path)
			continue
		}
		read := func() ([]byte, error) { return os.ReadFile(filepath.FromSlash(path.Join(dir, f.path))) }
		if v.prev.same(f.entry, st.Size, st.Mtim.Nano(), read) {
			ok = append(ok, f.path)
		} else {
			unknown = append(unknown, f.path)
		}
	}
	v.add(ok, unknown)
}

func (v *osVerifier) stopped() bool { return v.stop != nil && v.stop.Load() }

func (v *osVerifier) add(ok, unknown []string) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.ok = append(v.ok, ok...)
	v.unknown = append(v.unknown, unknown...)
}

// join is path.Join of a clean folder path and a name in it.
func join(rel, name string) string {
	if rel == "" {
		return name
	}
	return rel + "/" + name
}
