package build

import (
	"path"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/search"
)

// Withheld returns the errors of the security rules that lint finds in
// manual m (for a skill's SKILL.md, in every file of its folder): lore
// build publishes no such manual, so lore read, which answers as
// manual_read does, does not return it either.
func Withheld(p *Project, m *manual.Manual) diag.List {
	scope := m.Path
	if path.Base(m.Path) == "SKILL.md" {
		scope = path.Dir(m.Path)
	}
	var out diag.List
	for _, d := range runLint(p.lintInput(p.Manuals, underAny([]string{scope})), false) {
		if securityError(d) {
			out = append(out, d)
		}
	}
	return out
}

// WithholdLoaded turns an answer that loads a manual lint finds security
// errors in into a hint, as a runtime given lore build's output would
// never load it (the build fails on them), and returns those errors. A
// loaded path that is not one of the project's manuals is left alone.
func WithholdLoaded(p *Project, a *search.Answer) diag.List {
	if a.Loaded == nil {
		return nil
	}
	m := p.Manuals.ByPath(a.Loaded.Path)
	if m == nil {
		return nil
	}
	ds := Withheld(p, m)
	if len(ds) > 0 {
		a.Hint = "the manual that answers this (" + a.Loaded.Name + ") is withheld: lint finds errors of the security rules in it; " +
			"ask the manuals' maintainers to fix it"
		a.Loaded, a.Alternatives = nil, nil
	}
	return ds
}
