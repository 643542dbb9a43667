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
)

// lintTable holds lint reports of earlier builds.
const lintTable = "lint"

// lintBuild lints the project and the baked prompts, as lore build does.
// With a cache, a report of the same inputs is reused while the files the
// rules looked at beyond the manuals (link targets) are as they were.
func (b *buildRun) lintBuild() lint.Report {
	p, baked := b.p, b.res.Baked
	in := p.lintInput(p.Manuals, nil)
	in.Prompts = baked.Facts
	if b.s.o.Locked {
		in.ManualLock = p.manualLockPath() // manual/lock compares the manuals with it
	}
	files := countFiles(p.Manuals, nil) + len(baked.Prompts.Files)
	c := b.cache
	key, ok := b.lintKey(in)
	if c == nil || !ok {
		return lint.Report{Diagnostics: lint.Run(in), Files: files}
	}
	if raw, ok := c.Table(lintTable).Get(key); ok {
		var v lintValue
		if json.Unmarshal(raw, &v) == nil && v.valid(p.FS) {
			b.lintFS = v.FS
			return lint.Report{Diagnostics: v.Diagnostics, Files: files}
		}
	}
	rec := &recordingFS{Fs: p.FS, seen: map[string]fsDep{}}
	in.FS = rec
	ds := lint.Run(in)
	v := lintValue{Diagnostics: ds, FS: rec.deps()}
	b.lintFS = v.FS
	if raw, err := json.Marshal(v); err == nil {
		c.Table(lintTable).Put(key, raw)
	}
	return lint.Report{Diagnostics: ds, Files: files}
}

// lintKey hashes what the linter reads besides the file system: the
// configuration, every manual, the files that could not be read and the
// facts of the prompt bake (which hold the prompt files, for their disable
// comments, and the lock with --locked).
// ok is false when the facts cannot be hashed; the report is then not
// cached.
func (b *buildRun) lintKey(in *lint.Input) (key cache.Key, ok bool) {
	p := b.p
	h := cache.NewHasher("lint")
	cfg, _ := json.Marshal(p.Config)
	h.Bytes(cfg)
	h.Int(len(p.Manuals.Manuals))
	for _, m := range p.Manuals.Manuals {
		h.Key(b.ids[m])
	}
	h.Int(len(in.Manuals.Problems))
	for _, fp := range in.Manuals.Problems {
		h.String(fp.Path).String(fp.Rule).String(fp.Message).Int(fp.Line).Int(fp.Col)
	}
	facts, err := json.Marshal(in.Prompts)
	if err != nil {
		return cache.Key{}, false
	}
	h.Bytes(facts)
	// With --locked, manual/lock reads manuals.lock and the skills' files
	// through the recording file system.
	h.String(in.ManualLock)
	return h.Sum(), true
}

// lintValue is a cached lint report and what the rules found on the file
// system.
type lintValue struct {
	Diagnostics diag.List `json:"diagnostics"`
	FS          []fsDep   `json:"fs"`
}

// fsDep is one file the rules asked about: whether it exists (and is a
// folder) and, if they read it, the hash of its bytes, or of a folder's
// listing (so a file added to a skill's scripts/ is scanned on the next
// build, not hidden by the cached report).
type fsDep struct {
	Path   string `json:"path"`
	Exists bool   `json:"exists"`
	Dir    bool   `json:"dir"`
	Read   bool   `json:"read"`
	Sum    string `json:"sum,omitempty"`
}

// valid reports whether the file system still answers as it did.
func (v *lintValue) valid(fsys afero.Fs) bool {
	for _, d := range v.FS {
		if observe(fsys, d.Path, d.Read) != d {
			return false
		}
	}
	return true
}

func observe(fsys afero.Fs, p string, read bool) fsDep {
	d := fsDep{Path: p, Read: read}
	fi, err := fsys.Stat(p)
	if err != nil {
		return d
	}
	d.Exists, d.Dir = true, fi.IsDir()
	switch {
	case read && d.Dir:
		if es, err := afero.ReadDir(fsys, p); err == nil {
			h := cache.NewHasher("listing")
			for _, e := range es { // sorted by name
				h.String(e.Name()).String(e.Mode().Type().String())
			}
			d.Sum = h.Sum().String()
		}
	case read:
		if b, err := afero.ReadFile(fsys, p); err == nil {
			d.Sum = cache.Of(b).String()
		}
	}
	return d
}

// recordingFS notes every file a rule stats or opens.
type recordingFS struct {
	afero.Fs
	mu   sync.Mutex
	seen map[string]fsDep
}

func (r *recordingFS) note(p string, read bool) {
	r.mu.Lock()
	d := r.seen[p]
	d.Path, d.Read = p, d.Read || read
	r.seen[p] = d
	r.mu.Unlock()
}

func (r *recordingFS) Stat(p string) (fs.FileInfo, error) {
	r.note(p, false)
	return r.Fs.Stat(p)
}

func (r *recordingFS) Open(p string) (afero.File, error) {
	r.note(p, true)
	return r.Fs.Open(p)
}

func (r *recordingFS) OpenFile(p string, flag int, perm os.FileMode) (afero.File, error) {
	if flag&(os.O_WRONLY|os.O_RDWR|os.O_CREATE|os.O_TRUNC|os.O_APPEND) != 0 {
		return nil, errors.New("lint may not write files")
	}
	r.note(p, true)
	return r.Fs.OpenFile(p, flag, perm)
}

// deps observes every noted file now (the rules have finished).
func (r *recordingFS) deps() []fsDep {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := []fsDep{}
	for _, p := range slices.Sorted(maps.Keys(r.seen)) {
		out = append(out, observe(r.Fs, p, r.seen[p].Read))
	}
	return out
}
