package build

import (
	"crypto/sha256"
	"io"
	"path"
	"runtime"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
)

// settle takes the files this build wrote in its last seconds out of the
// racy margin (racyOutput) before the record is made at now or later: each
// such file whose bytes are still those written gets a modification time
// settleBefore earlier than now, and is recorded with it. Any later change
// to the file gives it a time after that (the file system's clock, however
// coarse, has passed now), so its size and time tell the next build
// whether it changed, and the nothing-changed build right after a build
// reads none of its bytes. Before this, the files written last (the
// manifest, the catalog, their compressed siblings: tens of megabytes at
// 10,000 manuals) were compared byte by byte by the next build, which also
// rewrote the build cache to stamp them anew.
//
// A file whose bytes differ from those written, or whose time cannot be
// set (a file system without settable times), is left as it is: racy, it
// is compared by its bytes (output_verify.go). Files carried over from the
// previous output or the spare keep their times: they are shared with the
// folder they came from, whose record has them. A folder updated in place
// (lore serve's) is not settled: the session trusts its own record.
func (o *output) settle(now time.Time) {
	cutoff := now.UnixNano() - int64(racyOutput)
	at := now.Add(-settleBefore)
	o.mu.Lock()
	var todo []string
	for _, p := range o.fresh {
		if o.next[p].mtime >= cutoff {
			todo = append(todo, p)
		}
	}
	o.mu.Unlock()
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	bufs := sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }} // one per file hashed at a time
	for _, p := range todo {
		g.Go(func() error {
			buf := bufs.Get().(*[]byte)
			o.settleOne(p, at, *buf)
			bufs.Put(buf)
			return nil
		})
	}
	_ = g.Wait()
}

// hashFile returns the size and SHA-256 of the file name, read in pieces
// into buf (the catalog's text is 25 MB at 10,000 manuals).
func hashFile(fsys afero.Fs, name string, buf []byte) (int64, cache.Key, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return 0, cache.Key{}, err
	}
	defer f.Close()
	h := sha256.New()
	// Through a plain reader: io.CopyBuffer would hand an *os.File to its
	// WriteTo, which takes a new 32 KiB buffer for every file.
	n, err := io.CopyBuffer(h, struct{ io.Reader }{f}, buf)
	if err != nil {
		return 0, cache.Key{}, err
	}
	return n, cache.Key(h.Sum(nil)), nil
}

// settleBefore is how much earlier than the moment of settling a settled
// file's time is set: past the racy margin, with a second to spare for
// file systems that keep times in whole seconds (FAT: two).
const settleBefore = racyOutput + 2*time.Second

// settleOne settles the new folder's file p (settle) at the time at,
// reading it through buf.
func (o *output) settleOne(p string, at time.Time, buf []byte) {
	o.mu.Lock()
	e := o.next[p]
	o.mu.Unlock()
	full := path.Join(o.stage, p)
	if size, sum, err := hashFile(o.fs, full, buf); err != nil || size != e.size || sum != e.sum {
		return // changed under the build: left racy
	}
	if o.fs.Chtimes(full, at, at) != nil {
		return
	}
	fi, err := o.fs.Stat(full)
	if err != nil || fi.Size() != e.size {
		return
	}
	e.mtime = fi.ModTime().UnixNano()
	o.mu.Lock()
	o.next[p] = e
	o.mu.Unlock()
}
