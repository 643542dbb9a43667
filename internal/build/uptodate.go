package build

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/lint"
)

// The up-to-date check. A build whose inputs (the project file, every file
// under the manual roots and the prompts, content and theme folders,
// prompts.lock, manuals.lock, and the files the last build looked at elsewhere: link
// targets, images) are all as the last good build found them, by name,
// size, mode and modification time, and whose output folder is as that
// build left it, has nothing to do: it returns that build's report and
// writes nothing. Anything else (a symbolic link, an unreadable folder, a
// file modified while the last build ran) makes a full build, as do
// builds without the cache.

// upToDateTable holds, per project and output folder, the inputs and the
// report of the last good build.
const upToDateTable = "uptodate"

// stamp is what the up-to-date check compares: one entry per input file
// or folder.
type stamp []byte

// inputs lists the stamps of every input of the project, in a fixed
// order, or ok false when the inputs cannot be stamped reliably.
func inputs(fsys afero.Fs, cfg *config.Config, roots []string, out, cacheDir string, since time.Time) (stamp, bool) {
	var b []byte
	add := func(p string, fi fs.FileInfo) bool {
		if fi.Mode()&os.ModeSymlink != 0 {
			return false
		}
		if !since.IsZero() && !fi.ModTime().Before(since) {
			return false // changed while the build read it: racy
		}
		b = binary.AppendUvarint(b, uint64(len(p)))
		b = append(b, p...)
		b = binary.AppendVarint(b, fi.Size())
		b = binary.AppendVarint(b, fi.ModTime().UnixNano())
		b = binary.AppendUvarint(b, uint64(fi.Mode()))
		return true
	}
	missing := func(p string) {
		b = binary.AppendUvarint(b, uint64(len(p)))
		b = append(b, p...)
		b = append(b, 0xff)
	}
	skip := map[string]bool{path.Clean(out): true, path.Clean(cacheDir): true}
	walk := func(root string) bool {
		ok := true
		err := afero.Walk(fsys, root, func(p string, fi fs.FileInfo, err error) error {
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) && p == root {
					missing(root)
					return nil
				}
				ok = false
				return filepath.SkipAll
			}
			p = filepath.ToSlash(p)
			if fi.IsDir() && p != root && (skip[p] || slices.Contains(skippedDirs, fi.Name())) {
				return filepath.SkipDir
			}
			if !add(p, fi) {
				ok = false
				return filepath.SkipAll
			}
			return nil
		})
		return ok && err == nil
	}
	file := cfg.File
	if file == "" {
		file = cfg.Path(config.FileName)
	}
	dirs := slices.Concat(roots, []string{cfg.Path(cfg.Prompts), cfg.Path(cfg.Content), cfg.Path(cfg.Theme)})
	for _, f := range []string{file, cfg.Path("prompts.lock"), cfg.Path("manuals.lock")} {
		fi, err := lstat(fsys, f)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			missing(f)
		case err != nil || !add(f, fi):
			return nil, false
		}
	}
	for _, d := range dirs {
		if d == "" || d == "." && len(roots) == 0 {
			continue
		}
		if !walk(d) {
			return nil, false
		}
	}
	return b, true
}

// extraStamps stamps files outside the input folders (the link targets
// lint looked at, the images pages embed).
func extraStamps(fsys afero.Fs, paths []string, since time.Time) (stamp, bool) {
	var b []byte
	for _, p := range paths {
		b = binary.AppendUvarint(b, uint64(len(p)))
		b = append(b, p...)
		fi, err := fsys.Stat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			b = append(b, 0xff)
		case err != nil:
			return nil, false
		default:
			if !since.IsZero() && !fi.ModTime().Before(since) {
				return nil, false
			}
			b = binary.AppendVarint(b, fi.Size())
			b = binary.AppendVarint(b, fi.ModTime().UnixNano())
			b = binary.AppendUvarint(b, uint64(fi.Mode()))
		}
	}
	return b, true
}

// upToDate is a recorded good build.
type upToDate struct {
	Inputs   []byte       `json:"inputs"`
	Extra    []string     `json:"extra"`
	Stamps   []byte       `json:"stamps"`
	Lint     lint.Report  `json:"lint"`
	Catalog  *CatalogInfo `json:"catalog"`
	Manuals  int          `json:"manuals"`
	Files    int          `json:"files"`
	Failures int          `json:"failures"`
}

// upToDateKey identifies a project, its options and its output folder.
func upToDateKey(o RunOptions, cfg *config.Config, out string) cache.Key {
	abs := func(p string) string {
		a, err := filepath.Abs(filepath.FromSlash(p))
		if err != nil {
			return p
		}
		return a
	}
	return cache.NewHasher("uptodate").String(abs(cfg.Dir)).String(cfg.File).String(abs(out)).
		Bool(o.Locked).Strings(o.Manuals).Sum()
}

// fastPath returns the report of the last good build when nothing changed
// since (and the output folder is as it left it), or nil.
func (s *Session) fastPath() *Result {
	o := s.o
	if o.NoCache || o.Private || s.loaded != nil {
		return nil
	}
	fsys := o.FS
	if fsys == nil {
		fsys = afero.NewOsFs()
	}
	oo := o.Options
	oo.FS = fsys
	p, err := loadConfig(oo)
	if err != nil {
		return nil
	}
	out := o.Out
	if out == "" {
		out = p.Config.Path(p.Config.Out)
	}
	c := s.openCache(p)
	key := upToDateKey(o, p.Config, out)
	raw, ok := c.Table(upToDateTable).Get(key)
	if !ok {
		return nil
	}
	var u upToDate
	if json.Unmarshal(raw, &u) != nil {
		return nil
	}
	in, ok := inputs(fsys, p.Config, p.roots(), out, s.cacheDir, time.Time{})
	if !ok || string(in) != string(u.Inputs) {
		return nil
	}
	ex, ok := extraStamps(fsys, u.Extra, time.Time{})
	if !ok || string(ex) != string(u.Stamps) {
		return nil
	}
	rec, _ := s.record(c, out)
	if rec == nil {
		return nil
	}
	if fi, err := fsys.Stat(out); err != nil || !fi.IsDir() {
		return nil
	}
	verified, unknown := verify(fsys, path.Clean(out), rec)
	if len(unknown) > 0 || len(verified.files) != len(rec.files) {
		return nil
	}
	// (The cache is not saved: what it holds stays as it is.)
	return &Result{Project: p, Lint: u.Lint, Catalog: u.Catalog, Out: out, Kept: len(rec.files), Manuals: u.Manuals, UpToDate: true}
}

// racyMargin: a file modified this shortly before a build began may have
// changed again after the build read it without its time showing it (file
// times come from a coarse clock); such inputs are not trusted.
const racyMargin = 2 * time.Second

// recordUpToDate notes a good build's inputs and report for the next
// build's up-to-date check. started is when the build began reading its
// inputs: files changed since (or just before) are not trusted to be as
// it read them, and nothing is recorded.
func (b *buildRun) recordUpToDate(out string, started time.Time, extra []string) {
	s := b.s
	if b.cache == nil || s.o.Private {
		return
	}
	since := started.Add(-racyMargin)
	in, ok := inputs(b.p.FS, b.p.Config, b.p.roots(), out, s.cacheDir, since)
	if !ok {
		return
	}
	slices.Sort(extra)
	extra = slices.Compact(extra)
	ex, ok := extraStamps(b.p.FS, extra, since)
	if !ok {
		return
	}
	u := upToDate{Inputs: in, Extra: extra, Stamps: ex, Lint: b.res.Lint, Catalog: b.res.Catalog, Manuals: len(b.p.Manuals.Manuals)}
	raw, err := json.Marshal(u)
	if err != nil {
		return
	}
	b.cache.Table(upToDateTable).Put(upToDateKey(s.o, b.p.Config, out), raw)
}

func lstat(fsys afero.Fs, p string) (fs.FileInfo, error) {
	if l, ok := fsys.(afero.Lstater); ok {
		fi, _, err := l.LstatIfPossible(p)
		return fi, err
	}
	return fsys.Stat(p)
}
