package lint

import (
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

var fileCaseClash = &Rule{
	ID: "file/case-clash", Severity: diag.Error,
	Summary: "two manuals whose paths differ only in letter case",
	Doc: "`manuals/Tables.md` and `manuals/tables.md` are two files on Linux, where CI reviews both, but one on the case-insensitive " +
		"disks of macOS and Windows: a checkout there keeps whichever it wrote last, so what those machines load is not what the gate " +
		"reviewed, and `manual_read` finds one or the other. Rename one of them.",
	Project: func(p *Pass) {
		first := map[string]*manual.Manual{}
		for _, m := range p.In.Manuals.Manuals {
			k := strings.ToLower(m.Path)
			if o, ok := first[k]; ok && o.Path != m.Path {
				p.Report(m, 1, 1, "%s and %s differ only in letter case: a checkout on macOS or Windows keeps one of them; rename one", o.Path, m.Path)
				continue
			}
			first[k] = m
		}
	},
}
