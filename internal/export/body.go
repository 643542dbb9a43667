package export

import (
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/hosts"
	"github.com/lorekit/lore/internal/hosts/profiles"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/wall"
)

// edit replaces src[start:end] with text.
type edit struct {
	start, end int
	text       string
}

// relPath is the relative path from folder dir to file, both relative to
// the export's folder.
func relPath(dir, file string) string {
	if dir == "." {
		return file
	}
	a, b := strings.Split(dir, "/"), strings.Split(file, "/")
	i := 0
	for i < len(a) && i < len(b)-1 && a[i] == b[i] {
		i++
	}
	return strings.Repeat("../", len(a)-i) + strings.Join(b[i:], "/")
}

// leaves reports whether clean, a cleaned relative path, leads out of its
// folder (or is absolute).
func leaves(clean string) bool {
	return path.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../")
}

// supportDir is where an exported manual's supporting files go: its skill
// folder, or beside a single-file export a folder of its name.
func supportDir(p *profiles.Profile, it *item) string {
	if p.Export.Format == "skill" {
		return path.Dir(it.file)
	}
	return path.Join(path.Dir(it.file), it.name)
}

// rewriter rewrites the body of one exported manual.
type rewriter struct {
	in       hosts.Input
	p        *profiles.Profile
	it       *item
	byManual map[*manual.Manual]*item
	rel      string // the manual's path, relative to the project
	dir      string // the exported file's folder, relative to Out

	edits  []edit
	copies map[string]string
	skips  []Skip
}

// rewrite returns the body of it with manual_read('x') references and
// links to other manuals rewritten for the host, and the supporting files
// to copy (destination relative to Out → source on the file system).
func rewrite(in hosts.Input, p *profiles.Profile, it *item, byManual map[*manual.Manual]*item) ([]byte, map[string]string, []Skip) {
	m := it.m
	w := &rewriter{in: in, p: p, it: it, byManual: byManual, rel: in.Config.Rel(m.Path), dir: path.Dir(it.file), copies: map[string]string{}}
	for _, r := range m.Refs {
		if r.Line <= m.Header.End {
			continue
		}
		switch r.Kind {
		case manual.RefManual:
			w.call(r)
		case manual.RefLink:
			w.link(r)
		}
	}
	if m.IsSkillEntry() {
		for _, f := range skillFiles(in.FS, m) {
			dst := path.Join(supportDir(p, it), strings.TrimPrefix(f, path.Dir(m.Path)+"/"))
			w.copies[dst] = f
		}
	}
	return w.body(), w.copies, w.skips
}

// call replaces manual_read('x') with the host's reference to x's export.
func (w *rewriter) call(r manual.Ref) {
	src := w.it.m.Src
	target := exported(w.in.Manuals.ByName(r.Target), w.byManual)
	if target == nil {
		w.skip("manual_read('" + r.Target + "') left as it is: no exported manual of that name")
		return
	}
	text := strings.NewReplacer("{name}", target.name, "{path}", relPath(w.dir, target.file)).Replace(w.p.Export.Reference)
	start, end := r.Offset, r.EndOffset
	if start > 0 && end < len(src) && src[start-1] == '`' && src[end] == '`' && (start < 2 || src[start-2] != '`') {
		start, end = start-1, end+1 // the call was code; the link is not
	}
	w.edits = append(w.edits, edit{start, end, text})
}

// link points a relative link at what it reaches in the export: another
// exported manual, a file of the skill folder, or a supporting file
// copied beside the manual. Reference-style links and links out of the
// manual's folder are left as they are, and reported.
func (w *rewriter) link(r manual.Ref) {
	m := w.it.m
	spanPath, _, _ := strings.Cut(string(m.Src[r.Offset:r.EndOffset]), "#")
	if u, err := url.PathUnescape(spanPath); err != nil || u != r.Target {
		if r.Target != "" {
			w.skip("link " + r.Target + " left as it is: a reference-style link")
		}
		return
	}
	if r.Target == "" {
		return // an anchor in the same file
	}
	abs := path.Join(path.Dir(m.Path), r.Target)
	if tm := w.in.Manuals.ByPath(abs); tm != nil {
		if t := exported([]*manual.Manual{tm}, w.byManual); t != nil {
			w.relink(r, relPath(w.dir, t.file))
			return
		}
	}
	clean := path.Clean(r.Target)
	if m.IsSkillEntry() {
		// The skill folder is copied whole, into supportDir: a link
		// inside it follows when that is not the file's own folder (a
		// single-file export such as a Cursor rule).
		if link := relPath(w.dir, path.Join(supportDir(w.p, w.it), clean)); !leaves(clean) && link != clean {
			w.relink(r, link)
		}
		return
	}
	if leaves(clean) {
		w.skip("link " + r.Target + " left as it is: it leaves the manual's folder")
		return
	}
	// A link to a file beside the manual that is itself a symbolic link
	// out of the manual's folder is not followed: the export would copy
	// a file of the machine (file/outside-root reports the link).
	if e, err := wall.Check(w.in.FS, path.Dir(m.Path), abs); err != nil || e != nil {
		w.skip("link " + r.Target + " left as it is: the file is a symbolic link out of the manual's folder, not copied")
		return
	}
	if fi, err := w.in.FS.Stat(abs); err != nil || !fi.Mode().IsRegular() {
		return // ref/broken-link reports it
	}
	dst := path.Join(supportDir(w.p, w.it), clean)
	w.copies[dst] = abs
	if link := relPath(w.dir, dst); link != clean {
		w.relink(r, link)
	}
}

// relink replaces link r's destination with link, keeping its anchor.
func (w *rewriter) relink(r manual.Ref, link string) {
	if r.Anchor != "" {
		link += "#" + r.Anchor
	}
	w.edits = append(w.edits, edit{r.Offset, r.EndOffset, link})
}

func (w *rewriter) skip(why string) {
	w.skips = append(w.skips, Skip{Source: w.rel, Why: why})
}

// body returns the manual's body with the edits applied, in order (of
// overlapping edits the first).
func (w *rewriter) body() []byte {
	m := w.it.m
	if len(w.edits) == 0 {
		return append([]byte(nil), m.Src[m.BodyStart:]...)
	}
	slices.SortFunc(w.edits, func(a, b edit) int { return a.start - b.start })
	var out []byte
	at := m.BodyStart
	for _, e := range w.edits {
		if e.start < at {
			continue // overlapping: keep the first
		}
		out = append(out, m.Src[at:e.start]...)
		out = append(out, e.text...)
		at = e.end
	}
	return append(out, m.Src[at:]...)
}

// exported returns the export of the first of ms that is exported.
func exported(ms []*manual.Manual, byManual map[*manual.Manual]*item) *item {
	for _, m := range ms {
		if it := byManual[m]; it != nil {
			return it
		}
	}
	return nil
}
