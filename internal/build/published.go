package build

import (
	"encoding/json"
	"path"
	"slices"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/lint"
)

// publishedTable holds, per project, options and output folder, what the
// last good build published there.
const publishedTable = "published"

// published is what a good build recorded of its output: the inputs ID it
// was made from (see inputs.go), the files outside the input folders it
// looked at (part of that ID) and its report.
type published struct {
	Inputs  cache.Key    `json:"inputs"`
	Extra   []string     `json:"extra"`
	Lint    lint.Report  `json:"lint"`
	Catalog *CatalogInfo `json:"catalog"`
	Manuals int          `json:"manuals"`
}

// publishedKey identifies a project, its options and its output folder.
func publishedKey(o RunOptions, cfg *config.Config, out string) cache.Key {
	return cache.NewHasher("published").String(absPath(cfg.Dir)).String(cfg.File).String(absPath(out)).
		Bool(o.Locked).Strings(o.Manuals).Sum()
}

// fastPath returns the report of the last good build when the inputs are
// those it was made from and the output folder is as it left it, or nil.
// A file whose time changed but whose bytes did not (a touch, a checkout)
// changes nothing.
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
	out := s.outDir(p)
	c := s.openCache(p)
	raw, ok := c.Table(publishedTable).Get(publishedKey(o, p.Config, out))
	if !ok {
		return nil
	}
	var u published
	if json.Unmarshal(raw, &u) != nil {
		return nil
	}
	memo := loadMemo(c, p.Config)
	id, next, ok := scanInputs(fsys, o, p.Config, p.roots(), out, s.cacheDir, u.Extra, memo, nil, time.Time{})
	if !ok || id != u.Inputs {
		return nil
	}
	rec, _ := s.record(c, out)
	if rec == nil {
		return nil
	}
	if fi, err := fsys.Stat(out); err != nil || !fi.IsDir() {
		return nil
	}
	checked := time.Now().UnixNano()
	verified, unknown := verify(fsys, path.Clean(out), rec)
	if len(unknown) > 0 || len(verified.files) != len(rec.files) {
		return nil
	}
	save := false
	if next.changedFrom(memo) {
		// Files were touched: keep their new times, so that the next
		// build does not read them again.
		next.keep(c, p.Config)
		c.Table(publishedTable).Keep(publishedKey(o, p.Config, out))
		save = true
	}
	if rec.racy() {
		// The files written in the last seconds of the build were
		// compared by their bytes, and are as published: stamped anew,
		// the record trusts their times from now on (git's racy-clean
		// rule), and the next build reads none of them.
		c.Table(recordsTable).KeepAll()
		c.Table(publishedTable).KeepAll()
		c.Table(recordsTable).Put(recordKey(out), rec.restamped(checked).encode())
		save = true
	}
	if save {
		_ = c.Save()
	}
	// The findings are those of the last good build; whether they fail
	// this one is up to this build's --fail-on (the output stays as it is
	// either way).
	return &Result{Project: p, Lint: u.Lint, Catalog: u.Catalog, Out: out, Kept: len(rec.files), Manuals: u.Manuals, UpToDate: true,
		Failed: o.Fails(u.Lint.Diagnostics)}
}

// recordPublished notes a good build's inputs ID and report for the next
// build's fast path. Files changed since the build began reading its
// inputs are not trusted to be as it read them: nothing is recorded.
func (b *buildRun) recordPublished(out string, extra []string) {
	s := b.s
	if b.cache == nil || s.o.Private {
		return
	}
	slices.Sort(extra)
	extra = slices.Compact(extra)
	known := make(map[string]cache.Key, len(b.sums))
	for m, k := range b.sums {
		known[m.Path] = k
	}
	memo := loadMemo(b.cache, b.p.Config)
	id, next, ok := scanInputs(b.p.FS, s.o, b.p.Config, b.p.roots(), out, s.cacheDir, extra, memo, known, b.started)
	if !ok {
		return
	}
	u := published{Inputs: id, Extra: extra, Lint: b.res.Lint, Catalog: b.res.Catalog, Manuals: len(b.p.Manuals.Manuals)}
	raw, err := json.Marshal(u)
	if err != nil {
		return
	}
	next.keep(b.cache, b.p.Config)
	b.cache.Table(publishedTable).Put(publishedKey(s.o, b.p.Config, out), raw)
}

// changedFrom reports whether m saw any file otherwise than prev did.
func (m *fileMemo) changedFrom(prev *fileMemo) bool {
	if len(m.files) != len(prev.files) {
		return true
	}
	for p, f := range m.files {
		if old, ok := prev.files[p]; !ok || old != f {
			return true
		}
	}
	return false
}
