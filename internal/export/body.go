package export

import (
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/hosts"
	"github.com/lorekit/lore/internal/hosts/profiles"
	"github.com/lorekit/lore/internal/manual"
)

// edit replaces src[start:end] with text.
type edit struct {
	start, end int
	text       string
}

// offset returns the byte offset of 1-based line and column (in
// characters) of m.Src.
func offset(m *manual.Manual, line, col int) int {
	off := m.LineOffset(line)
	for i := 1; i < col && off < len(m.Src); i++ {
		_, size := decodeRune(m.Src[off:])
		off += size
	}
	return off
}

func decodeRune(b []byte) (rune, int) {
	r := []rune(string(b[:min(len(b), 4)]))
	if len(r) == 0 {
		return 0, 1
	}
	return r[0], len(string(r[0]))
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

// supportDir is where an exported manual's supporting files go: its skill
// folder, or beside a single-file export a folder of its name.
func supportDir(p *profiles.Profile, it *item) string {
	if p.Export.Format == "skill" {
		return path.Dir(it.file)
	}
	return path.Join(path.Dir(it.file), it.name)
}

// rewrite returns the body of it with manual_read('x') references and
// links to other manuals rewritten for the host, and the supporting files
// to copy (destination relative to Out → source on the file system).
func rewrite(in hosts.Input, p *profiles.Profile, it *item, byManual map[*manual.Manual]*item) ([]byte, map[string]string, []Skip) {
	m := it.m
	rel := in.Config.Rel(m.Path)
	copies := map[string]string{}
	var skips []Skip
	var edits []edit
	dir := path.Dir(it.file)
	headerEnd := m.Header.End
	for _, r := range m.Refs {
		if r.Line <= headerEnd {
			continue
		}
		start, end := offset(m, r.Line, r.Col), offset(m, r.Line, r.EndCol)
		switch r.Kind {
		case manual.RefManual:
			target := exported(in.Manuals.ByName(r.Target), byManual)
			if target == nil {
				skips = append(skips, Skip{Source: rel, Why: "manual_read('" + r.Target + "') left as it is: no exported manual of that name"})
				continue
			}
			text := strings.NewReplacer("{name}", target.name, "{path}", relPath(dir, target.file)).Replace(p.Export.Reference)
			if start > 0 && end < len(m.Src) && m.Src[start-1] == '`' && m.Src[end] == '`' && (start < 2 || m.Src[start-2] != '`') {
				start, end = start-1, end+1 // the call was code; the link is not
			}
			edits = append(edits, edit{start, end, text})
		case manual.RefLink:
			span := string(m.Src[start:end])
			spanPath, _, _ := strings.Cut(span, "#")
			if u, err := url.PathUnescape(spanPath); err != nil || u != r.Target {
				if r.Target != "" {
					skips = append(skips, Skip{Source: rel, Why: "link " + r.Target + " left as it is: a reference-style link"})
				}
				continue
			}
			if r.Target == "" {
				continue // an anchor in the same file
			}
			abs := path.Join(path.Dir(m.Path), r.Target)
			if tm := in.Manuals.ByPath(abs); tm != nil {
				if t := exported([]*manual.Manual{tm}, byManual); t != nil {
					link := relPath(dir, t.file)
					if r.Anchor != "" {
						link += "#" + r.Anchor
					}
					edits = append(edits, edit{start, end, link})
					continue
				}
			}
			clean := path.Clean(r.Target)
			if m.IsSkillEntry() {
				// The skill folder is copied whole, into supportDir: a
				// link inside it follows when that is not the file's own
				// folder (a single-file export such as a Cursor rule).
				inside := !path.IsAbs(clean) && clean != ".." && !strings.HasPrefix(clean, "../")
				if link := relPath(dir, path.Join(supportDir(p, it), clean)); inside && link != clean {
					if r.Anchor != "" {
						link += "#" + r.Anchor
					}
					edits = append(edits, edit{start, end, link})
				}
				continue
			}
			if path.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../") {
				skips = append(skips, Skip{Source: rel, Why: "link " + r.Target + " left as it is: it leaves the manual's folder"})
				continue
			}
			if fi, err := in.FS.Stat(abs); err != nil || !fi.Mode().IsRegular() {
				continue // ref/broken-link reports it
			}
			dst := path.Join(supportDir(p, it), clean)
			copies[dst] = abs
			if link := relPath(dir, dst); link != clean {
				if r.Anchor != "" {
					link += "#" + r.Anchor
				}
				edits = append(edits, edit{start, end, link})
			}
		}
	}
	if m.IsSkillEntry() {
		for _, f := range skillFiles(in, m) {
			dst := path.Join(supportDir(p, it), strings.TrimPrefix(f, path.Dir(m.Path)+"/"))
			copies[dst] = f
		}
	}
	slices.SortFunc(edits, func(a, b edit) int { return a.start - b.start })
	body := m.Src[m.BodyStart:]
	var out []byte
	at := m.BodyStart
	for _, e := range edits {
		if e.start < at {
			continue // overlapping: keep the first
		}
		out = append(out, m.Src[at:e.start]...)
		out = append(out, e.text...)
		at = e.end
	}
	if len(edits) == 0 {
		return append([]byte(nil), body...), copies, skips
	}
	out = append(out, m.Src[at:]...)
	return out, copies, skips
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
