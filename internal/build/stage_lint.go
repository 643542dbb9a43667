package build

import (
	"encoding/json"
	"errors"
	"io/fs"
	"maps"
	"os"
	"slices"
	"sync"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/manual"
)

// lintTable holds the findings of the ScopeManual and ScopeNames checks
// of each manual (lint.Rule.Scope), by the manual's identity, the
// configuration and (ScopeNames) the manuals' names and paths.
const lintTable = "lint-manual"

// lintBuild lints the project and the baked prompts, as lore build does.
// The ScopeManual checks of a manual whose identity (site.ManualID: path,
// root, bytes and owner) and configuration are unchanged are not run
// again: their findings come from the cache. Every other check runs, and
// the files it looks at outside the manuals (link targets) are noted: they
// are inputs of the build (b.lintFS).
func (b *buildRun) lintBuild() lint.Report {
	p, baked := b.p, b.res.Baked
	in := p.lintInput(p.Manuals, nil)
	in.Prompts = baked.Facts
	if b.s.o.Locked {
		in.ManualLock = p.manualLockPath() // manual/lock compares the manuals with it
	}
	files := countFiles(p.Manuals, nil) + len(baked.Prompts.Files)
	rec := &recordingFS{Fs: p.FS, seen: map[string]bool{}}
	in.FS = rec
	if b.cache != nil {
		if cfg, err := json.Marshal(p.Config); err == nil {
			in.Memo = &lintMemo{t: b.cache.Table(lintTable), cfg: cache.NewHasher("lint-config").Bytes(cfg).Sum(), ids: b.ids}
		}
	}
	ds := lint.Run(in)
	b.lintFS = rec.paths()
	return lint.Report{Diagnostics: ds, Files: files}
}

// lintMemo is lint.Memo over the cache.
type lintMemo struct {
	t   *cache.Table
	cfg cache.Key
	ids map[*manual.Manual]cache.Key
}

// key is the memo's key of m's findings in ctx (lint.Memo).
func (l *lintMemo) key(m *manual.Manual, ctx [32]byte) (cache.Key, bool) {
	id, ok := l.ids[m]
	h := cache.NewHasher("lint-manual").Key(l.cfg).Key(id)
	if ctx != ([32]byte{}) {
		h.Key(ctx)
	}
	return h.Sum(), ok
}

func (l *lintMemo) Findings(m *manual.Manual, ctx [32]byte) (diag.List, bool) {
	k, ok := l.key(m, ctx)
	if !ok {
		return nil, false
	}
	raw, ok := l.t.Get(k)
	if !ok {
		return nil, false
	}
	ds, err := decodeDiags(raw)
	if err != nil {
		return nil, false
	}
	return ds, true
}

func (l *lintMemo) Keep(m *manual.Manual, ctx [32]byte, ds diag.List) {
	k, ok := l.key(m, ctx)
	if !ok {
		return
	}
	l.t.Put(k, appendDiags(nil, ds))
}

// recordingFS notes every file a rule stats or opens, and refuses writes.
// It passes symbolic links through (afero.Lstater, afero.LinkReader) as
// the file system beneath does: without them internal/wall would take it
// for a file system without links, and a rule's wall check (a linked page,
// manuals.lock) would let a link out of the project through.
type recordingFS struct {
	afero.Fs
	mu   sync.Mutex
	seen map[string]bool
}

func (r *recordingFS) note(p string) {
	r.mu.Lock()
	r.seen[p] = true
	r.mu.Unlock()
}

func (r *recordingFS) Stat(p string) (fs.FileInfo, error) {
	r.note(p)
	return r.Fs.Stat(p)
}

func (r *recordingFS) Open(p string) (afero.File, error) {
	r.note(p)
	return r.Fs.Open(p)
}

func (r *recordingFS) LstatIfPossible(p string) (fs.FileInfo, bool, error) {
	r.note(p)
	if l, ok := r.Fs.(afero.Lstater); ok {
		return l.LstatIfPossible(p)
	}
	fi, err := r.Fs.Stat(p)
	return fi, false, err
}

func (r *recordingFS) ReadlinkIfPossible(p string) (string, error) {
	r.note(p)
	if l, ok := r.Fs.(afero.LinkReader); ok {
		return l.ReadlinkIfPossible(p)
	}
	return "", &fs.PathError{Op: "readlink", Path: p, Err: afero.ErrNoReadlink}
}

func (r *recordingFS) OpenFile(p string, flag int, perm os.FileMode) (afero.File, error) {
	if flag&(os.O_WRONLY|os.O_RDWR|os.O_CREATE|os.O_TRUNC|os.O_APPEND) != 0 {
		return nil, errors.New("lint may not write files")
	}
	r.note(p)
	return r.Fs.OpenFile(p, flag, perm)
}

// paths lists the noted files, sorted.
func (r *recordingFS) paths() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Sorted(maps.Keys(r.seen))
}
