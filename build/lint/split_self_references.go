package lint

import (
	"path"

	"github.com/lorekit/lore/build/diag"
	"github.com/lorekit/lore/build/manual"
)

// MaxSelfReferences is the number of links to its own sections a manual may
// hold before it should be split.
const MaxSelfReferences = 3

var splitSelfReferences = &Rule{
	ID: "split/self-references", Severity: diag.Warning,
	Summary: "more than three references to its own sections",
	Doc: "When a manual keeps pointing into itself (\"see the section above\", `[…](#setup)`), its topics have grown apart (seed 000 §5: " +
		"more than three self-references → split). Split the sections that are referenced into their own manuals and link with `manual_read('…')`.",
	Manual: func(p *Pass, m *manual.Manual) {
		var self []manual.Ref
		for _, r := range m.Refs {
			if r.Kind == manual.RefLink && r.Anchor != "" && (r.Target == "" || r.Target == path.Base(m.Path)) {
				self = append(self, r)
			}
		}
		if len(self) > MaxSelfReferences {
			r := self[MaxSelfReferences]
			p.Report(m, r.Line, r.Col, "%d links to its own sections (more than %d): the sections have become separate topics; split them into their own manuals", len(self), MaxSelfReferences)
		}
	},
}
