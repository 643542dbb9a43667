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

// WithheldManuals returns the paths of the manuals lint finds errors of
// the security rules in (a skill's SKILL.md for an error in any file of
// its folder), and those errors: lore build publishes none of them, so
// lore list, which answers as manual_list does, lists none of them
// either. One lint of the whole project answers for every manual.
func WithheldManuals(p *Project) (map[string]bool, diag.List) {
	var out diag.List
	paths := map[string]bool{}
	for _, d := range runLint(p.lintInput(p.Manuals, nil), false) {
		if !securityError(d) {
			continue
		}
		out = append(out, d)
		if m := manualOfFile(p.Manuals, d.Pos.File); m != nil {
			paths[m.Path] = true
		}
	}
	return paths, out
}

// manualOfFile returns the manual file f belongs to: the manual itself,
// or the skill whose folder holds it; nil for a file of no manual
// (lore.yaml, a prompt layer).
func manualOfFile(set *manual.Set, f string) *manual.Manual {
	if m := set.ByPath(f); m != nil {
		return m
	}
	for _, m := range set.Manuals {
		if path.Base(m.Path) == "SKILL.md" && manual.InDir(f, path.Dir(m.Path)) {
			return m
		}
	}
	return nil
}
