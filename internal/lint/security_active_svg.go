package lint

import (
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint/scan"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/wall"
)

var securityActiveSVG = &Rule{
	ID: "security/active-svg", Severity: diag.Error,
	Summary: "an SVG image that holds a script, an event handler or a javascript: link",
	Doc: "An SVG image is a document: a reader who opens it on its own (clicks it, or follows a shared address of it) runs its " +
		"<script> elements, event attributes (onload=…) and javascript: links with the origin of the site that serves it — the " +
		"published catalog. The rule reads every SVG image a manual embeds and every SVG file of a skill folder as a browser does " +
		"(XML, entities expanded) and reports elements outside the static SVG vocabulary (script; XHTML elements other than those " +
		"that lay out text, which diagram editors such as draw.io put in a foreignObject: iframe, object, form, …), " +
		"event attributes, javascript: addresses, <use> of another document, style sheets that import others, external entities " +
		"and XSLT instructions; a file that is not well-formed XML is reported too. A file is one finding, at its first such place, " +
		"with the count of the rest. lore build does not publish such an image: the page shows its alt text. Drawings exported by " +
		"editors (Inkscape, Illustrator, Figma) pass; re-export the image, or remove what the finding names.",
	Project: func(p *Pass) {
		seen := map[string]bool{}
		for _, t := range p.files {
			if isSVG(t.path) {
				seen[t.path] = true
				reportActiveSVG(p, t)
			}
		}
		if p.In.FS == nil || p.In.Manuals == nil {
			return
		}
		for _, m := range p.In.Manuals.Manuals {
			for _, r := range m.Refs {
				if r.Kind != manual.RefLink || !r.Image || !isSVG(r.Target) {
					continue
				}
				tp := path.Clean(path.Join(m.Dir(), r.Target))
				if seen[tp] {
					continue
				}
				seen[tp] = true
				if t := readSVG(p, m, tp); t != nil {
					reportActiveSVG(p, t)
				}
			}
		}
	},
}

func isSVG(p string) bool { return strings.EqualFold(path.Ext(p), ".svg") }

// readSVG reads the SVG file tp that manual m embeds: nil when it does
// not exist, is too large or leads out of m's manual root.
func readSVG(p *Pass, m *manual.Manual, tp string) *scanText {
	if e, err := wall.Check(p.In.FS, m.Root, tp); err != nil || e != nil {
		return nil
	}
	f, err := p.In.FS.Open(tp)
	if err != nil {
		return nil
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, maxSupportingFile))
	if err != nil {
		return nil
	}
	return &scanText{path: tp, src: src, kind: scan.Markdown, lines: diag.NewLines(src)}
}

// reportActiveSVG reports the first place of t that can run code, with
// the count of the others.
func reportActiveSVG(p *Pass, t *scanText) {
	if p.In.Report != nil && !p.In.Report(t.path) {
		return
	}
	hits := scan.ActiveSVG(t.src)
	if len(hits) == 0 {
		return
	}
	h := hits[0]
	if len(hits) > 1 {
		h.What += fmt.Sprintf(" (and %d more)", len(hits)-1)
	}
	reportHits(p, t, []scan.Hit{h}, "the site does not publish the image; re-export it as a plain drawing, or remove what runs", "")
}
