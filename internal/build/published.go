package build

import (
	"bytes"
	"encoding/binary"
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
	u, ok := decodePublished(raw)
	if !ok {
		return nil
	}
	memo := loadMemo(c, p.Config)
	// The output is checked while the inputs are identified (both wait on
	// the file system most of the time), under the output's lock when no
	// other build holds it; when the inputs are not those published, the
	// build takes the check's answer with the lock (heldCheck).
	unlock := tryLockOutput(fsys, out)
	checks := make(chan outputCheck, 1)
	go func() { checks <- s.checkOutput(c, fsys, out) }()
	id, next, ok := scanInputs(fsys, o, p.Config, p.roots(), out, s.cacheDir, u.Extra, memo, nil, time.Time{})
	if !ok || id != u.Inputs {
		if unlock != nil {
			s.outCheck = &heldCheck{out: out, checks: checks, unlock: unlock}
		}
		return nil
	}
	check := <-checks
	if unlock != nil {
		unlock()
	}
	rec, checked := check.rec, check.checked
	if !check.ok {
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
	return &Result{Project: p, Lint: u.Lint, Catalog: u.Catalog, Out: out, Kept: len(rec.paths), Manuals: u.Manuals, UpToDate: true,
		Failed: o.Fails(u.Lint.Diagnostics)}
}

// outputCheck is what checkOutput found: the record of the output, and
// whether every file of it is there as recorded (checked by a verify that
// began at checked, Unix nanoseconds).
type outputCheck struct {
	rec     *recList
	ok      bool
	checked int64
}

// checkOutput checks the output folder out against its record.
func (s *Session) checkOutput(c *cache.Cache, fsys afero.Fs, out string) outputCheck {
	rec := s.recordList(c, out)
	if rec == nil {
		return outputCheck{}
	}
	if fi, err := fsys.Stat(out); err != nil || !fi.IsDir() {
		return outputCheck{}
	}
	checked := time.Now().UnixNano()
	return outputCheck{rec: rec, ok: holds(fsys, path.Clean(out), rec), checked: checked}
}

// recordList is Session.record as a list, read from the cache without
// making the record's map.
func (s *Session) recordList(c *cache.Cache, out string) *recList {
	if s.rec != nil && s.recOut == out {
		return s.rec.list()
	}
	if c == nil {
		return nil
	}
	raw, ok := c.Table(recordsTable).Get(recordKey(out))
	if !ok {
		return nil
	}
	l, ok := decodeRecList(raw)
	if !ok {
		return nil
	}
	return l
}

// holds reports whether the output folder dir holds every file of the
// record l as recorded and no other (verify, without the record of what
// it found).
func holds(fsys afero.Fs, dir string, l *recList) bool {
	if osFS(fsys) {
		if same, ok := holdsOS(dir, l); ok {
			return same
		}
	}
	verified, unknown := verifyWalk(fsys, dir, l.record())
	return len(unknown) == 0 && len(verified.files) == len(l.paths)
}

// recordPublished returns what notes a good build's inputs ID and report
// for the next build's fast path, to be called once the build is
// published: the inputs are identified at once, while the output is
// committed. Files changed since the build began reading its inputs are
// not trusted to be as it read them: nothing is recorded.
func (b *buildRun) recordPublished(out string, extra []string) (record func()) {
	none := func() {}
	s := b.s
	if b.cache == nil || s.o.Private {
		return none
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
		return none
	}
	u := published{Inputs: id, Extra: extra, Lint: b.res.Lint, Catalog: b.res.Catalog, Manuals: len(b.p.Manuals.Manuals)}
	raw, err := u.encode()
	if err != nil {
		return none
	}
	return func() {
		next.keep(b.cache, b.p.Config)
		b.cache.Table(publishedTable).Put(publishedKey(s.o, b.p.Config, out), raw)
	}
}

// changedFrom reports whether m saw any file otherwise than prev did.
func (m *fileMemo) changedFrom(prev *fileMemo) bool {
	if len(m.files) != len(prev.files) {
		return true
	}
	if m.from == prev { // the scan counted
		return m.asBefore != len(m.files)
	}
	for p, f := range m.files {
		if old, ok := prev.files[p]; !ok || old != f {
			return true
		}
	}
	return false
}

// publishedMagic starts an encoded published value: its findings in the
// binary form of the lint memo (appendDiags), the rest as JSON. Decoding
// the 7,000 findings of a 10,000-manual corpus from JSON was a fifth of a
// nothing-changed build.
const publishedMagic = "LOREPUB1"

// encode returns u as a cache value: the magic, the length of the JSON of
// u without its findings and that JSON, then whether there are findings
// (a nil list is not an empty one) and the findings.
func (u *published) encode() ([]byte, error) {
	head := *u
	head.Lint.Diagnostics = nil
	j, err := json.Marshal(head)
	if err != nil {
		return nil, err
	}
	b := binary.AppendUvarint([]byte(publishedMagic), uint64(len(j)))
	b = append(b, j...)
	if u.Lint.Diagnostics == nil {
		return append(b, 0), nil
	}
	return appendDiags(append(b, 1), u.Lint.Diagnostics), nil
}

// decodePublished reads what encode wrote.
func decodePublished(b []byte) (*published, bool) {
	rest, ok := bytes.CutPrefix(b, []byte(publishedMagic))
	if !ok {
		return nil, false
	}
	n, w := binary.Uvarint(rest)
	if w <= 0 || n >= uint64(len(rest)-w) {
		return nil, false
	}
	var u published
	if json.Unmarshal(rest[w:w+int(n)], &u) != nil {
		return nil, false
	}
	rest = rest[w+int(n):]
	switch rest[0] {
	case 0:
		if len(rest) != 1 {
			return nil, false
		}
	case 1:
		ds, err := decodeDiags(rest[1:])
		if err != nil {
			return nil, false
		}
		u.Lint.Diagnostics = ds
	default:
		return nil, false
	}
	return &u, true
}
