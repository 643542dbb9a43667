package lsp

import (
	"os"
	"path"
	"slices"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// snapshot is the project as the open documents make it, loaded once per
// generation of the documents.
type snapshot struct {
	gen     int
	project *build.Project
	err     error
	cascade *manual.Cascade
	lints   map[string]diag.List // findings with fixes, by file
	linked  map[string]bool      // open documents read from disk (see linked)
}

// current returns the snapshot of the current generation.
func (s *server) current() *snapshot {
	if s.snap != nil && s.snap.gen == s.gen {
		return s.snap
	}
	base := s.opts.FS
	if base == nil {
		base = afero.NewOsFs()
	}
	layer := afero.NewMemMapFs()
	linked := map[string]bool{}
	for _, d := range s.docs {
		if s.linked(base, d.path) {
			linked[d.path] = true
			continue
		}
		_ = layer.MkdirAll(path.Dir(d.path), 0o755)
		_ = afero.WriteFile(layer, d.path, []byte(d.text.s), 0o644)
	}
	fs := afero.NewCopyOnWriteFs(afero.NewReadOnlyFs(base), layer)
	p, err := build.Load(build.Options{FS: fs, Dir: s.dir, ConfigFile: s.opts.ConfigFile})
	snap := &snapshot{gen: s.gen, project: p, err: err, lints: map[string]diag.List{}, linked: linked}
	if err == nil {
		snap.cascade = p.Manuals.Cascade(nil)
	}
	s.snap = snap
	return snap
}

// lint returns the findings of file d with their fixes (nil when the
// project is broken or does not check the file).
func (s *server) lint(d *document) diag.List {
	snap := s.current()
	if snap.err != nil || !snap.project.Covers(d.path) {
		return nil
	}
	if l, ok := snap.lints[d.path]; ok {
		return l
	}
	var out diag.List
	for _, f := range build.LintFixable(snap.project, []string{d.path}).Diagnostics {
		if f.Pos.File == d.path {
			if snap.linked[d.path] {
				f.Fix = nil // its offsets are in the file on disk, not in the editor's text
			}
			out = append(out, f)
		}
	}
	snap.lints[d.path] = out
	return out
}

// linked reports whether file, or a folder on its way from the project
// folder, is a symbolic link on fsys. Such a document is not laid over the
// files: laid over, it would be a plain file in the link's place, linted
// and fixed although the link may lead out of its root, and the editor
// applying a fix would write where the link leads. Read from disk, the
// loader judges the link as lore lint does (a link out of its root is
// reported, not read), and the document gets no code actions.
func (s *server) linked(fsys afero.Fs, file string) bool {
	l, ok := fsys.(afero.Lstater)
	rel, inside := strings.CutPrefix(file, s.dir+"/")
	if !ok || !inside {
		return false
	}
	p := s.dir
	for _, part := range strings.Split(rel, "/") {
		p += "/" + part
		if fi, _, err := l.LstatIfPossible(p); err == nil && fi.Mode()&os.ModeSymlink != 0 {
			return true
		}
	}
	return false
}

// manualOf returns the parsed manual of d, or nil (a prompt file, a file
// outside the project).
func (s *server) manualOf(d *document) *manual.Manual {
	snap := s.current()
	if snap.err != nil {
		return nil
	}
	return snap.project.Manuals.ByPath(d.path)
}

// rel names a file relative to the project folder, for messages.
func (s *server) rel(p string) string {
	if r, ok := strings.CutPrefix(p, s.dir+"/"); ok {
		return r
	}
	return p
}

func sortDocs(ds []*document) {
	slices.SortFunc(ds, func(a, b *document) int { return strings.Compare(a.path, b.path) })
}
