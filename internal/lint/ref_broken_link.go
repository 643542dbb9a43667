package lint

import (
	"path"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/guard"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/wall"
)

var refBrokenLink = &Rule{
	ID: "ref/broken-link", Severity: diag.Error,
	Summary: "a relative link or anchor that does not exist",
	Doc: "Relative links (`[images](images.md)`, `![diagram](img/flow.png)`) and anchors (`#inline-form`, `fences.md#stored-form`) " +
		"must point at a file and heading that exist, or the reader lands nowhere. Anchors are the heading ids lore generates: " +
		"lowercase, spaces as hyphens, punctuation dropped, letters of every script kept (`## Größe ändern` → `#größe-ändern`). " +
		"Links with a scheme (`https:`, `mailto:`) and site-absolute paths are not checked.",
	Manual: func(p *Pass, m *manual.Manual) {
		for _, r := range m.Refs {
			if r.Kind != manual.RefLink {
				continue
			}
			if msg := brokenLink(p, m, r); msg != "" {
				p.ReportRange(m, r.Line, r.Col, r.Line, r.EndCol, "%s", msg)
			}
		}
	},
}

func brokenLink(p *Pass, m *manual.Manual, r manual.Ref) string {
	target := m
	if r.Target != "" {
		tp := path.Clean(path.Join(m.Dir(), r.Target))
		if t := p.In.Manuals.ByPath(tp); t != nil {
			target = t
		} else {
			if p.In.FS == nil {
				return ""
			}
			if _, err := p.In.FS.Stat(tp); err != nil {
				return "link target " + diag.Clip(r.Target) + " does not exist (looked for " + tp + "): fix the path or remove the link"
			}
			if r.Anchor == "" || !strings.EqualFold(path.Ext(tp), ".md") {
				return ""
			}
			if !insideProject(p.In, tp) {
				return "" // a link out of the project is not read (file/outside-root)
			}
			src, err := afero.ReadFile(p.In.FS, tp)
			if err != nil {
				return ""
			}
			if guard.Do(func() error { target = manual.Parse(tp, src); return nil }) != nil {
				return "" // the Markdown parser failed on the target: lore reports the file where it loads it
			}
		}
	}
	if r.Anchor == "" || target.HasSection(r.Anchor) || hasFootnoteOrHTMLAnchor(target, r.Anchor) {
		return ""
	}
	where := "this manual"
	if target != m {
		where = target.Path
	}
	msg := "anchor #" + diag.Clip(r.Anchor) + " matches no heading in " + where
	var ids []string
	for _, s := range target.Sections {
		ids = append(ids, s.ID)
	}
	if c := config.Closest(r.Anchor, ids); c != "" {
		msg += ": did you mean #" + c + "?"
	}
	return msg
}

func hasFootnoteOrHTMLAnchor(m *manual.Manual, anchor string) bool {
	if strings.HasPrefix(anchor, "fn:") || strings.HasPrefix(anchor, "fnref:") {
		return true
	}
	body := string(m.Body())
	return strings.Contains(body, `id="`+anchor+`"`) || strings.Contains(body, `name="`+anchor+`"`)
}

// insideProject reports whether file f resolves inside the project folder.
func insideProject(in *Input, f string) bool {
	dir := "."
	if in.Config != nil && in.Config.Dir != "" {
		dir = in.Config.Dir
	}
	e, err := wall.Check(in.FS, dir, f)
	return err == nil && e == nil
}
