package build

import (
	"crypto/sha256"
	"path"
	"path/filepath"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/site"
	"github.com/lorekit/lore/internal/tokens"
)

// lastBuild is what a session keeps of its last good build, for Quick.
type lastBuild struct {
	p       *Project
	facts   map[*manual.Manual]*facts
	siteIn  *site.Input
	st      *site.Site
	diags   diag.List
	out     string
	counter *tokens.Counter
}

// quickUndo restores a page Quick rewrote, should the build after it fail.
type quickUndo struct {
	page  string
	file  string
	bytes []byte // nil: the file did not exist
	entry recEntry
	had   bool
}

// Quick rewrites the page of an edited manual ahead of the next Build, so
// that lore serve shows an edit at once: the manual is read and parsed
// again, checked by the per-manual lint rules, and its page rendered with
// everything else as the last build left it (the findings of the
// project-wide rules, who reads it, the site's pages). The Build that
// follows makes the whole output right, rewriting the page if anything
// else changed it, or restores it if that build fails.
//
// Quick reports the path of the page it wrote (from the site root); it
// does nothing and reports false unless changed is one manual file that
// the last build published and the edit keeps its name and has no lint
// error.
func (s *Session) Quick(changed []string) (string, bool) {
	l := s.last
	if l == nil || len(changed) != 1 || s.cache == nil {
		return "", false
	}
	fsPath, ok := l.fsPath(changed[0])
	if !ok {
		return "", false
	}
	old := l.p.Manuals.ByPath(fsPath)
	if old == nil {
		return "", false
	}
	loaded := manual.LoadFile(l.p.FS, old.Root, fsPath)
	if len(loaded.Manuals) != 1 || len(loaded.Problems) > 0 {
		return "", false
	}
	m := loaded.Manuals[0]
	m.Root, m.Rel = old.Root, old.Rel
	if m.Name != old.Name || m.Dialect != old.Dialect {
		return "", false
	}
	set := copySet(l.p.Manuals, func(p string) bool { return p == fsPath }, []*manual.Manual{m})

	// The per-manual rules on the edited manual; the project-wide rules'
	// findings of the last build.
	in := &lint.Input{Config: l.p.Config, FS: l.p.FS, Manuals: set, Report: func(f string) bool { return f == fsPath }, ManualRulesOnly: true}
	ds := lint.Run(in)
	if ds.AtLeast(diag.Error) {
		return "", false
	}
	project := projectRules()
	for _, d := range l.diags {
		if d.Pos.File == fsPath && project[d.Rule] {
			ds = append(ds, d)
		}
	}
	ds.Sort()

	var view *site.Manual
	for _, v := range l.siteIn.Manuals {
		if v.M.Path == fsPath {
			view = v
		}
	}
	if view == nil {
		return "", false
	}
	sum := cache.Of(m.Src)
	f := &facts{Tokens: countTokens(l.counter, s.cache, sum, m.Src), SHA256: sum.String()}
	for _, r := range m.Refs {
		if r.Kind == manual.RefManual && !containsString(f.References, r.Target) {
			f.References = append(f.References, r.Target)
		}
	}
	nv := *view
	nv.M, nv.Tokens, nv.SHA256, nv.References = m, f.Tokens, f.SHA256, f.References
	if nv.Capabilities != nil {
		nv.Capabilities = quickCapabilities(l.p, set, m)
	}
	page, data, err := l.st.ManualPage(&nv, ds)
	if err != nil {
		return "", false
	}
	if err := s.writeQuick(l, page, data); err != nil {
		return "", false
	}
	return page, true
}

// writeQuick replaces the page at p of the last build's output, keeping
// what is needed to undo it.
func (s *Session) writeQuick(l *lastBuild, p string, data []byte) error {
	fsys := l.p.FS
	file := path.Join(l.out, p)
	u := quickUndo{page: p, file: file}
	if b, err := afero.ReadFile(fsys, file); err == nil {
		u.bytes = b
	}
	if s.rec != nil {
		u.entry, u.had = s.rec.files[p]
	}
	tmp := file + tempSuffix
	if err := afero.WriteFile(fsys, tmp, data, 0o644); err != nil {
		return err
	}
	fi, err := fsys.Stat(tmp)
	if err != nil {
		_ = fsys.Remove(tmp)
		return err
	}
	if err := fsys.Rename(tmp, file); err != nil {
		_ = fsys.Remove(tmp)
		return err
	}
	if s.rec != nil {
		// The next build compares the page by its bytes.
		s.rec.files[p] = recEntry{sum: cache.Key(sha256.Sum256(data)), size: fi.Size(), mtime: fi.ModTime().UnixNano()}
	}
	s.undo = append(s.undo, u)
	return nil
}

// restoreQuick puts back the pages Quick rewrote since the last good
// build: the failed build after it leaves the last good site.
func (s *Session) restoreQuick() {
	for i := len(s.undo) - 1; i >= 0; i-- {
		u := s.undo[i]
		fsys := s.loaded.FS
		if u.bytes == nil {
			_ = fsys.Remove(u.file)
		} else if err := afero.WriteFile(fsys, u.file, u.bytes, 0o644); err == nil && s.rec != nil {
			if fi, err := fsys.Stat(u.file); err == nil && u.had {
				u.entry.size, u.entry.mtime = fi.Size(), fi.ModTime().UnixNano()
				s.rec.files[u.page] = u.entry
			}
		}
	}
	s.undo = nil
}

// fsPath maps a changed file (an OS path) onto the project's file system,
// if it lies under a manual root.
func (l *lastBuild) fsPath(changed string) (string, bool) {
	a, err := filepath.Abs(changed)
	if err != nil {
		return "", false
	}
	for _, r := range l.p.roots() {
		ar, err := filepath.Abs(filepath.FromSlash(r))
		if err != nil {
			continue
		}
		rel, err := filepath.Rel(ar, a)
		if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		return path.Join(r, filepath.ToSlash(rel)), true
	}
	return "", false
}

// perManualOnly returns cfg with every project-wide rule switched off.
// projectRules are the ids of the rules that look at the whole project
// only (not at one manual at a time).
func projectRules() map[string]bool {
	out := map[string]bool{}
	for _, r := range lint.Rules() {
		if r.Project != nil && r.Manual == nil {
			out[r.ID] = true
		}
	}
	return out
}

func containsString(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
