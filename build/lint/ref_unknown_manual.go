package lint

import (
	"github.com/lorekit/lore/build/config"
	"github.com/lorekit/lore/build/diag"
	"github.com/lorekit/lore/build/manual"
)

var refUnknownManual = &Rule{
	ID: "ref/unknown-manual", Severity: diag.Error,
	Summary: "`manual_read('x')` that no manual (or, in a prompt, no path of its recipe) resolves",
	Doc: "Every `manual_read('name')` must resolve: in a manual, to some manual of the project; in an engine prompt or fragment, " +
		"through the manualPaths of each recipe that uses it. A call that resolves nowhere makes the model read an error instead of the help " +
		"it was promised. Names are file names without extension (`manuals/embedding/images.md` → `images`) and never contain `/`, `\\` or `..`. " +
		"The message suggests the closest existing name.",
	Manual: func(p *Pass, m *manual.Manual) {
		for _, r := range m.Refs {
			if r.Kind != manual.RefManual {
				continue
			}
			if msg := unresolved(p.In.Manuals, r.Target); msg != "" {
				p.ReportRange(m, r.Line, r.Col, r.Line, r.EndCol, "%s", msg)
			}
		}
	},
}

// unresolved explains why manual_read(name) does not resolve in s, or
// returns "".
func unresolved(s *manual.Set, name string) string {
	if !manual.ValidName(name) {
		return "manual_read('" + name + "') is not a valid manual name: names are file names without extension and never contain /, \\ or .."
	}
	if len(s.ByName(name)) > 0 {
		return ""
	}
	msg := "manual_read('" + name + "') matches no manual"
	if c := config.Closest(name, s.Names()); c != "" {
		msg += ": did you mean manual_read('" + c + "')?"
	} else {
		msg += ": create manuals/" + name + ".md or fix the name"
	}
	return msg
}
