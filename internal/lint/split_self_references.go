package lint

import (
	"cmp"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// tocHeading and tocEntry recognise a table of contents: a section called
// so, or a list item that is nothing but a link to an anchor. Navigation
// is not a cross-reference.
var tocHeading = regexp.MustCompile(`(?i)^(table of contents|contents|toc|on this page|inhalt|inhaltsverzeichnis)$`)

var tocEntry = regexp.MustCompile(`^\s*(?:[-*+]|\d+[.)])\s+\[[^\]]*\]\([^)\s]*#[^)\s]*\)\s*$`)

// maxSelfReferences is the number of links to its own sections a manual may
// hold before it should be split.
const maxSelfReferences = 3

var splitSelfReferences = &Rule{
	ID: "split/self-references", Severity: diag.Warning,
	Summary: "more than three references to its own sections",
	Doc: "When a manual keeps pointing into itself (\"see the section above\", `[…](#setup)`), its topics have grown apart (seed 000 §5: " +
		"more than three self-references → split). A table of contents (a section called so, or list items that are only a link to an " +
		"anchor) is navigation and does not count. Split the sections that are referenced into their own manuals and link with `manual_read('…')`.",
	Scope: ScopeManual,
	Manual: func(p *Pass, m *manual.Manual) {
		var self []manual.Ref
		tocs := tocLines(m)
		entry := map[int]bool{} // lines that are a table of contents' entry
		for _, r := range m.Refs {
			if r.Kind != manual.RefLink || r.Anchor == "" || r.Target != "" && r.Target != path.Base(m.Path) || tocs.holds(r.Line) {
				continue
			}
			isEntry, seen := entry[r.Line]
			if !seen {
				isEntry = tocEntry.MatchString(m.Line(r.Line))
				entry[r.Line] = isEntry
			}
			if !isEntry {
				self = append(self, r)
			}
		}
		if len(self) > maxSelfReferences {
			r := self[maxSelfReferences]
			p.Report(m, r.Line, r.Col, "%d links to its own sections (more than %d): the sections have become separate topics; split them into their own manuals", len(self), maxSelfReferences)
		}
	},
}

// spans are sorted, disjoint ranges of lines [from, to].
type spans [][2]int

// tocLines returns the lines of m's table-of-contents sections, merged
// into disjoint ranges (sections may nest).
func tocLines(m *manual.Manual) spans {
	var out spans
	for _, s := range m.Sections { // in order of their lines
		if !tocHeading.MatchString(strings.TrimSpace(s.Title)) {
			continue
		}
		if n := len(out); n > 0 && s.Line <= out[n-1][1]+1 {
			out[n-1][1] = max(out[n-1][1], s.EndLine)
			continue
		}
		out = append(out, [2]int{s.Line, s.EndLine})
	}
	return out
}

// holds reports whether line is in one of the ranges.
func (sp spans) holds(line int) bool {
	i, _ := slices.BinarySearchFunc(sp, line, func(s [2]int, line int) int { return cmp.Compare(s[1], line) })
	return i < len(sp) && sp[i][0] <= line
}
