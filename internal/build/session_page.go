package build

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"unicode/utf8"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/capability"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/guard"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/site"
	"github.com/lorekit/lore/internal/tokens"
)

// lastGood is what the session's last good build published into a
// folder of its own (RunOptions.Private): the project it read and the
// rendering it made, which EditedPages renders single pages against.
type lastGood struct {
	p     *Project
	site  *site.Site
	in    *site.Input
	baked *Baked
	found diag.List // its lint findings
	out   string
}

// keepGood remembers the build b published as the session's last good
// one (a session building into its own folder only).
func (s *Session) keepGood(b *buildRun, ps *preparedSite, out string) {
	if s.once || !s.o.Private {
		return
	}
	s.good = &lastGood{p: b.p, site: ps.st, in: ps.siteIn, baked: b.res.Baked, found: b.res.Lint.Diagnostics, out: out}
}

// EditedPages writes the pages of edited manuals into the output folder
// ahead of the next build (lore serve: the page on screen follows an edit
// at once). files are the files that changed since the last build, as
// absolute paths. It acts only when the last build succeeded into the
// session's own folder and every file is a manual of that build, still a
// regular file under the same name, whose findings would not fail a
// build: each page is then rendered as that build would render it with
// the manual as it is now (the rest of the site as it was), and replaces
// the published page (a new file renamed over it). Anything else — a new,
// removed or renamed manual, any other file, a skill's SKILL.md, findings
// that fail the build — writes nothing. It returns the pages written; the
// next build, which must follow, rewrites whatever else the edit changed
// and is the one that counts.
func (s *Session) EditedPages(files []string) ([]string, error) {
	g := s.good
	if g == nil || len(files) == 0 {
		return nil, nil
	}
	p := g.p
	wd, err := os.Getwd()
	if err != nil {
		return nil, nil
	}
	var olds, edits []*manual.Manual
	for _, f := range files {
		old := manualAt(p, wd, f)
		if old == nil || old.IsSkillEntry() {
			return nil, nil
		}
		m, same := reparse(p.FS, old)
		switch {
		case same:
			continue
		case m == nil:
			return nil, nil
		}
		olds, edits = append(olds, old), append(edits, m)
	}
	if len(edits) == 0 {
		return nil, nil
	}
	findings, ok := g.lint(edits)
	if !ok || s.o.Fails(findings) {
		return nil, nil
	}
	type rendered struct {
		page string
		data []byte
	}
	var pages []rendered
	for i, m := range edits {
		v := g.view(olds[i], m, s.tokenCounter(p, s.cache), s.cache)
		if v == nil {
			return nil, nil // no page (lint.ignore)
		}
		var own diag.List
		for _, d := range findings {
			if d.Pos.File == m.Path {
				own = append(own, d)
			}
		}
		page, data, err := g.site.ManualPage(v, own)
		if err != nil {
			return nil, nil // the build reports it
		}
		pages = append(pages, rendered{page, data})
	}
	var written []string
	for _, r := range pages {
		if err := s.replacePage(p.FS, g.out, r.page, r.data); err != nil {
			return written, err
		}
		written = append(written, r.page)
	}
	return written, nil
}

// manualAt returns the manual of p read from the file f (an absolute
// path), or nil.
func manualAt(p *Project, wd, f string) *manual.Manual {
	if len(p.Manuals.Manuals) == 0 {
		return nil
	}
	name := f
	if !path.IsAbs(filepath.ToSlash(p.Manuals.Manuals[0].Path)) {
		rel, err := filepath.Rel(wd, f)
		if err != nil {
			return nil
		}
		name = rel
	}
	return p.Manuals.ByPath(filepath.ToSlash(filepath.Clean(name)))
}

// reparse reads old's file again and parses it as loading it would:
// same reports that its bytes are old's; nil that it is no longer a
// manual like old (gone, not a regular file, damaged, renamed by its
// header).
func reparse(fsys afero.Fs, old *manual.Manual) (m *manual.Manual, same bool) {
	fi, err := fsys.Stat(old.Path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > manual.MaxFileSize {
		return nil, false
	}
	src, err := afero.ReadFile(fsys, old.Path)
	if err != nil || len(src) > manual.MaxFileSize || manual.UTF16(src) != "" || bytes.IndexByte(src, 0) >= 0 || !utf8.Valid(src) {
		return nil, false
	}
	src = manual.NormalizeCR(src)
	if bytes.Equal(src, old.Src) {
		return nil, true
	}
	if err := guard.Do(func() error { m = manual.Parse(old.Path, src); return nil }); err != nil || m == nil {
		return nil, false
	}
	if m.Name != old.Name || !manual.ValidName(m.Name) {
		return nil, false // a name loading reports on: left to the build
	}
	m.Root, m.Rel, m.Owner = old.Root, old.Rel, old.Owner
	return m, false
}

// lint returns the findings of the edited manuals' files (false: lint
// crashed): those of the Manual checks, run on them with the last build's
// other manuals, and the last build's findings of the checks that read
// the whole project (Project checks), which the build that follows runs.
func (g *lastGood) lint(edits []*manual.Manual) (diag.List, bool) {
	byPath := make(map[string]*manual.Manual, len(edits))
	for _, m := range edits {
		byPath[m.Path] = m
	}
	// The last build's set with the edited manuals in place (their names
	// and paths are those of the last build, reparse): not indexed again.
	set := g.p.Manuals
	for _, m := range edits {
		if set = set.With(m); set == nil {
			return nil, false
		}
	}
	in := g.p.lintInput(set, func(f string) bool { return byPath[f] != nil })
	in.Prompts = g.baked.Facts
	in.NoProject = true
	var ds diag.List
	if err := guard.Do(func() error { ds = lint.Run(in); return nil }); err != nil {
		return nil, false
	}
	for _, d := range g.found {
		if byPath[d.Pos.File] == nil {
			continue
		}
		if r := lint.Lookup(d.Rule); r != nil && r.Project != nil && r.Manual == nil {
			ds = append(ds, d)
		}
	}
	ds.Sort()
	return ds, true
}

// view is the site's view of the edited manual m, which was old in the
// last build: what its page shows of the rest of the project comes from
// that build. nil when old had no page.
func (g *lastGood) view(old, m *manual.Manual, counter *tokens.Counter, c *cache.Cache) *site.Manual {
	i := slices.IndexFunc(g.in.Manuals, func(v *site.Manual) bool { return v.M == old })
	if i < 0 {
		return nil
	}
	v := *g.in.Manuals[i]
	sum := cache.Of(m.Src)
	v.M = m
	v.SHA256 = hex.EncodeToString(sum[:])
	v.Tokens = countTokens(counter, c, sum, m.Src)
	v.References = nil
	for _, r := range m.Refs {
		if r.Kind == manual.RefManual && !slices.Contains(v.References, r.Target) {
			v.References = append(v.References, r.Target)
		}
	}
	if m.Owner == nil {
		one := *m
		for _, s := range capability.All(manual.NewSet([]*manual.Manual{&one}), capability.Options{FS: g.p.FS, Rel: g.p.RelPath}) {
			v.Capabilities = weakenedSurface(lint.Weakened(g.p.Config), m, siteSurface(s), diag.Clip)
		}
	}
	return &v
}

// replacePage replaces the page at rel in the folder out with data: a new
// file beside it, renamed over it, so that no one reads half a page. The
// record of the folder no longer vouches for the page: the next build
// writes it again.
func (s *Session) replacePage(fsys afero.Fs, out, rel string, data []byte) error {
	if !s.o.Private || !filepath.IsLocal(filepath.FromSlash(rel)) {
		return fmt.Errorf("lore does not write %s into %s", rel, out)
	}
	target := path.Join(out, rel)
	dir := path.Dir(target)
	if fi, err := fsys.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("the page's folder %s is gone", dir)
	}
	f, err := afero.TempFile(fsys, dir, "."+path.Base(rel)+".edit-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = fsys.Rename(tmp, target)
	}
	if err != nil {
		_ = fsys.Remove(tmp)
		return err
	}
	if s.rec != nil && s.recOut == out {
		s.rec.distrust(rel) // the session's own (openOutput copies it)
	}
	return nil
}

// distrust keeps the file p in the record (the folder holds it: a build
// that no longer makes it removes it) but vouches for nothing of it: no
// key or bytes match it, so the next build writes it again.
func (r *record) distrust(p string) {
	if _, ok := r.files[p]; ok {
		r.files[p] = recEntry{}
	}
}
