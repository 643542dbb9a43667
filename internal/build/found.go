package build

import (
	"fmt"
	"strings"
)

// noManuals is the error of a lint or build run (cmd: "lint" or
// "build") that found no manual: where it looked, why there, and what to
// pass instead.
func (p *Project) noManuals(cmd string, paths []string) error {
	var where []string
	from := ""
	if len(paths) > 0 {
		where = paths
	} else {
		for _, r := range p.Config.Manuals {
			where = append(where, p.RelPath(p.Config.Path(r)))
		}
		switch l, ok := p.Config.Lines["manuals"]; {
		case ok:
			from = fmt.Sprintf(" (from %s:%d)", p.Config.File, l)
		case p.Config.File != "":
			from = fmt.Sprintf(" (the default: %s sets no manuals:)", p.Config.File)
		default:
			from = " (the default: there is no lore.yaml)"
		}
	}
	for i, w := range where {
		if fi, err := p.FS.Stat(p.Config.Path(w)); len(paths) == 0 && (err != nil || fi.IsDir()) && !strings.HasSuffix(w, "/") {
			where[i] = w + "/"
		}
	}
	pass := "lore lint DIR"
	if cmd == "build" {
		pass = "lore build --manuals DIR"
	}
	return fmt.Errorf("no manuals found under %s%s: nothing to check; pass a folder: %s, or set manuals: in lore.yaml",
		strings.Join(where, ", "), from, pass)
}

// wantsManuals reports whether the project has manual roots: a lore.yaml
// with "manuals: []" is a project of prompts only, on purpose.
func (p *Project) wantsManuals() bool { return len(p.Config.Manuals) > 0 }

// foundNothing reports whether a build of p would check no manual, nor
// any file it could not read, although the project wants manuals.
func (p *Project) foundNothing() bool {
	return p.wantsManuals() && len(p.Manuals.Manuals) == 0 && len(p.Manuals.Problems) == 0 && len(p.wallProblems()) == 0
}
