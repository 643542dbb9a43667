//go:build unix

package build

import (
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
	"golang.org/x/sys/unix"
)

// verifyChunk is how many files of one folder one worker stats: a folder
// of 30,000 pages is shared out among the cores.
const verifyChunk = 1024

// verifyOS is verify on the OS file system (verifyListOS of the record
// as a list). ok is false when dir cannot be read (verifyWalk then
// decides).
func verifyOS(dir string, prev *record, stop *atomic.Bool) (_ *record, unknown []string, ok bool) {
	l := prev.list()
	kept, unknown, ok := verifyListOS(dir, l, stop)
	if !ok {
		return nil, nil, false
	}
	if len(kept) == len(l.paths) {
		return prev, unknown, true // all there (records are not changed)
	}
	return l.only(kept), unknown, true
}

// verifyListOS checks the output folder dir against the record l: each
// folder is read once (its entries' types come with the names), and the
// files the record has are stat'ed relative to the open folder (fstatat),
// in chunks on every core; files the record does not have need no stat
// to be unknown. It returns the indexes of the files found as recorded
// (in no order) and the unknown files (sorted); ok is false when dir
// cannot be read.
func verifyListOS(dir string, l *recList, stop *atomic.Bool) (kept []int32, unknown []string, ok bool) {
	root, err := openDir(filepath.FromSlash(dir))
	if err != nil {
		return nil, nil, false
	}
	_ = root.Close()
	v := &osVerifier{prev: l, folders: l.folders(), stop: stop}
	v.g.SetLimit(runtime.GOMAXPROCS(0))
	v.folder(dir, "")
	_ = v.g.Wait()
	slices.Sort(v.unknown)
	return v.ok, v.unknown, true
}

type osVerifier struct {
	prev    *recList
	folders map[string][]int32 // read only
	stop    *atomic.Bool       // when set, the rest is skipped
	g       errgroup.Group

	mu      sync.Mutex
	ok      []int32  // indexes in prev
	unknown []string // paths in the output
}

// do runs f on another goroutine when a worker is free, else now: the
// walk never waits for a worker, so it cannot deadlock on itself.
func (v *osVerifier) do(f func()) {
	if !v.g.TryGo(func() error { f(); return nil }) {
		f()
	}
}

// find returns the index in prev of the file name of the folder rel.
func (v *osVerifier) find(rel, name string) (int32, bool) {
	in := v.folders[rel]
	cut := 0
	if rel != "" {
		cut = len(rel) + 1
	}
	i, found := slices.BinarySearchFunc(in, name, func(j int32, name string) int {
		return strings.Compare(v.prev.paths[j][cut:], name)
	})
	if !found {
		return 0, false
	}
	return in[i], true
}

// folder verifies the folder rel ("" the output itself) of the output at
// dir.
func (v *osVerifier) folder(dir, rel string) {
	if v.stopped() {
		return
	}
	f, err := openDir(filepath.FromSlash(path.Join(dir, rel)))
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
		switch {
		case e.IsDir():
			r := join(rel, e.Name())
			v.do(func() { v.folder(dir, r) })
		case e.Type().IsRegular():
			if i, found := v.find(rel, e.Name()); found {
				files = append(files, recorded{e.Name(), i})
			} else {
				unknown = append(unknown, join(rel, e.Name()))
			}
		default: // a link, a pipe, …: lore writes none
			unknown = append(unknown, join(rel, e.Name()))
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
// folder and its index in the record.
type recorded struct {
	name string
	i    int32
}

// stat checks the files of the open folder d (of the output at dir)
// against the record.
func (v *osVerifier) stat(d *os.File, dir string, files []recorded) {
	if v.stopped() {
		return
	}
	fd := int(d.Fd())
	ok := make([]int32, 0, len(files))
	var unknown []string
	for _, f := range files {
		p := v.prev.paths[f.i]
		var st unix.Stat_t
		if unix.Fstatat(fd, f.name, &st, unix.AT_SYMLINK_NOFOLLOW) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
			unknown = append(unknown, p)
			continue
		}
		read := func() ([]byte, error) { return os.ReadFile(filepath.FromSlash(path.Join(dir, p))) }
		if v.prev.same(f.i, st.Size, st.Mtim.Nano(), read) {
			ok = append(ok, f.i)
		} else {
			unknown = append(unknown, p)
		}
	}
	v.add(ok, unknown)
}

func (v *osVerifier) stopped() bool { return v.stop != nil && v.stop.Load() }

func (v *osVerifier) add(ok []int32, unknown []string) {
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
