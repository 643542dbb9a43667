package lint

import (
	"bytes"
	"path"
	"strings"

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
		lc := &linkCheck{p: p, m: m, targets: map[string]*manual.Manual{}, anchorSets: map[*manual.Manual]map[string]bool{}, sectionIDs: map[*manual.Manual][]string{}}
		for _, r := range m.Refs {
			if r.Kind != manual.RefLink {
				continue
			}
			if msg := lc.broken(r); msg != "" {
				p.ReportRange(m, r.Line, r.Col, r.Line, r.EndCol, "%s", msg)
			}
		}
	},
}

// linkCheck checks the links of one manual. What a link needs of its
// target (the file parsed, the HTML anchors of its body) is found once per
// target, not once per link: a manual of thousands of links into one file
// costs thousands of look-ups, not thousands of parses.
type linkCheck struct {
	p *Pass
	m *manual.Manual
	// targets are the files outside the manual set that links point into,
	// parsed (nil: not checked).
	targets map[string]*manual.Manual
	// anchorSets are the anchors of each target (anchors); sectionIDs its
	// headings' ids in order (for suggestions).
	anchorSets map[*manual.Manual]map[string]bool
	sectionIDs map[*manual.Manual][]string
}

// broken returns what is wrong with the link r, or "".
func (lc *linkCheck) broken(r manual.Ref) string {
	target := lc.m
	if r.Target != "" {
		tp := path.Clean(path.Join(lc.m.Dir(), r.Target))
		if t := lc.p.In.Manuals.ByPath(tp); t != nil {
			target = t
		} else {
			if lc.p.In.FS == nil {
				return ""
			}
			if _, err := lc.p.In.FS.Stat(tp); err != nil {
				return "link target " + diag.Clip(r.Target) + " does not exist (looked for " + tp + "): fix the path or remove the link"
			}
			if r.Anchor == "" || !strings.EqualFold(path.Ext(tp), ".md") {
				return ""
			}
			t, seen := lc.targets[tp]
			if !seen {
				t = lc.parse(tp)
				lc.targets[tp] = t
			}
			if t == nil {
				return ""
			}
			target = t
		}
	}
	if r.Anchor == "" || strings.HasPrefix(r.Anchor, "fn:") || strings.HasPrefix(r.Anchor, "fnref:") || lc.anchors(target)[r.Anchor] {
		return ""
	}
	where := "this manual"
	if target != lc.m {
		where = target.Path
	}
	msg := "anchor #" + diag.Clip(r.Anchor) + " matches no heading in " + where
	ids, ok := lc.sectionIDs[target]
	if !ok {
		for _, s := range target.Sections {
			ids = append(ids, s.ID)
		}
		lc.sectionIDs[target] = ids
	}
	if c := lc.p.closest(r.Anchor, ids); c != "" {
		msg += ": did you mean #" + c + "?"
	}
	return msg
}

// parse reads and parses the Markdown file tp a link points into; nil when
// it is not checked: outside the project (file/outside-root), unreadable,
// not a regular file, larger than a manual may be (manual.MaxFileSize),
// or failing the Markdown parser (reported where lore loads it).
func (lc *linkCheck) parse(tp string) *manual.Manual {
	if !insideProject(lc.p.In, tp) {
		return nil
	}
	src, err := manual.ReadBounded(lc.p.In.FS, tp, manual.MaxFileSize, "a linked page")
	if err != nil {
		return nil
	}
	var t *manual.Manual
	if guard.Do(func() error { t = manual.Parse(tp, src); return nil }) != nil {
		return nil
	}
	return t
}

// anchors returns the anchors of target a link may name besides a
// footnote's: its headings' ids and the id and name attributes of its
// body.
func (lc *linkCheck) anchors(target *manual.Manual) map[string]bool {
	ids, ok := lc.anchorSets[target]
	if ok {
		return ids
	}
	// A manual of the set may be the target of thousands of others' links:
	// its anchors are shared by the run (read only once made).
	shared := lc.p.In.Manuals != nil && lc.p.In.Manuals.ByPath(target.Path) == target
	if shared {
		if v, ok := lc.p.In.anchors.Load(target); ok {
			ids = v.(map[string]bool)
			lc.anchorSets[target] = ids
			return ids
		}
	}
	ids = htmlAnchors(target.Body())
	for _, s := range target.Sections {
		ids[s.ID] = true
	}
	if shared {
		v, _ := lc.p.In.anchors.LoadOrStore(target, ids)
		ids = v.(map[string]bool)
	}
	lc.anchorSets[target] = ids
	return ids
}

// htmlAnchors returns the values of the id="…" and name="…" attributes in
// body: the text up to the next quote after every `id="` and `name="`
// (the anchors for which body contains `id="anchor"` or `name="anchor"`).
// It looks for `="`, rare in prose, and then at the word before it, in one
// pass over the body.
func htmlAnchors(body []byte) map[string]bool {
	out := map[string]bool{}
	for at := 0; ; {
		i := bytes.Index(body[at:], []byte(`="`))
		if i < 0 {
			return out
		}
		i += at
		at = i + 2
		if bytes.HasSuffix(body[:i], []byte("id")) || bytes.HasSuffix(body[:i], []byte("name")) {
			if j := bytes.IndexByte(body[at:], '"'); j >= 0 {
				out[string(body[at:at+j])] = true
			}
		}
	}
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
