package lint

import (
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
		var tocs []manual.Section
		for _, s := range m.Sections {
			if tocHeading.MatchString(strings.TrimSpace(s.Title)) {
				tocs = append(tocs, s)
			}
		}
		for _, r := range m.Refs {
			if r.Kind != manual.RefLink || r.Anchor == "" || r.Target != "" && r.Target != path.Base(m.Path) || tocEntry.MatchString(m.Line(r.Line)) {
				continue
			}
			if slices.ContainsFunc(tocs, func(s manual.Section) bool { return r.Line >= s.Line && r.Line <= s.EndLine }) {
				continue
			}
			self = append(self, r)
		}
		if len(self) > maxSelfReferences {
			r := self[maxSelfReferences]
			p.Report(m, r.Line, r.Col, "%d links to its own sections (more than %d): the sections have become separate topics; split them into their own manuals", len(self), maxSelfReferences)
		}
	},
}
