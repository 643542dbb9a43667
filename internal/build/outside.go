package build

import (
	"fmt"
	"path"
	"strings"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/wall"
)

// lore.yaml is the contributor's to edit, and a path key in it that leads
// out of the project (vocabulary: /proc/self/environ, manuals: [../../x],
// a folder linked to one) would have lore read what the machine that
// builds holds and publish it, or write its output there. Such a path is
// refused unless the command line, which the CI owner writes, says
// --allow-outside (Options.AllowOutside). The command line's own paths
// (--manuals, --out, lint PATH) are the CI owner's and are not checked.

// pathKey is a key of lore.yaml that names files or folders, with the
// line it is on and its paths as written.
type pathKey struct {
	key   string
	line  int
	paths []string
	// pos is where each of paths is written (config.ValuePos); a path
	// without one is named at the key's line.
	pos []config.Pos
}

// at returns where the i-th path of k is written.
func (k pathKey) at(i int) config.Pos {
	if i < len(k.pos) && k.pos[i].Line > 0 {
		return k.pos[i]
	}
	return config.Pos{Line: k.line, Col: 1}
}

// pathKeys lists the path keys lore.yaml sets (a key left at its default
// names a folder inside the project); manual roots replaced by --manuals
// and an out replaced by --out are not lore.yaml's.
func pathKeys(cfg *config.Config, o Options) []pathKey {
	var out []pathKey
	add := func(key string, line int, pos []config.Pos, paths ...string) {
		if line > 0 {
			out = append(out, pathKey{key, line, paths, pos})
		}
	}
	top := func(key string, paths ...string) { add(key, cfg.Lines[key], cfg.ValuePos[key], paths...) }
	if len(o.Manuals) == 0 {
		top("manuals", cfg.Manuals...)
	}
	top("prompts", cfg.Prompts)
	top("content", cfg.Content)
	top("theme", cfg.Theme)
	if !o.OutGiven {
		top("out", cfg.Out)
	}
	top("vocabulary", cfg.Vocabulary...)
	for _, r := range cfg.Recipes {
		add("recipes."+r.Name+".manualPaths", r.KeyLines["manualPaths"], r.ValuePos["manualPaths"], r.ManualPaths...)
	}
	return out
}

// checkOutside refuses a path key of lore.yaml that resolves, after
// symbolic links, outside the project folder: an error naming lore.yaml,
// the key's line, where the path leads and what to do.
func (p *Project) checkOutside(o Options) error {
	if o.AllowOutside || p.Config.File == "" {
		return nil
	}
	proj := path.Clean(p.projectDir())
	for _, k := range pathKeys(p.Config, o) {
		for i, v := range k.paths {
			full := p.Config.Path(v)
			if k.key == "out" && within(absPath(proj), absPath(full)) {
				continue // the project folder or one above it: the output guard refuses it, flag or not
			}
			e, err := wall.Check(p.FS, proj, full)
			if err != nil || e == nil {
				continue // inside; a link loop is the loader's to report
			}
			at := k.at(i)
			return &config.Error{File: p.Config.File, Line: at.Line, Col: at.Col, Msg: k.key + ": " + outsideMessage(v, proj, e)}
		}
	}
	return nil
}

// outsideMessage says where path v (as lore.yaml writes it) leads and
// what to do.
func outsideMessage(v, proj string, e *wall.Escape) string {
	if proj == "." {
		proj = "the project folder"
	} else {
		proj = "the project folder " + proj
	}
	if e.Link == "" {
		return fmt.Sprintf("%s lies outside %s: not read or written; move it inside the project, "+
			"or run with --allow-outside if the CI owner trusts it", v, proj)
	}
	return fmt.Sprintf("%s leads through symbolic link %s (to %s) outside %s, to %s: not read or written; "+
		"move it inside the project (replace the link by the folder itself), or write the path it points to "+
		"and run with --allow-outside if the CI owner trusts it", v, e.Link, e.Target, proj, e.Resolved)
}

// within reports whether slash path p is dir or lies inside it (both
// absolute and clean).
func within(p, dir string) bool {
	return p == dir || dir == "/" || strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/")
}
