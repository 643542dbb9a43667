package routediff

import (
	"cmp"
	"path"
	"path/filepath"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/config"
)

// loadAt loads the project o selects as it is at the git ref: lore.yaml
// (or --config) at ref says the manual roots and vocabulary files, which
// are read from the tree into memory (git ls-tree, then one git cat-file
// --batch for the project file and one for the rest) under the names the
// work tree's files have, and loaded as lore build loads a project (a
// manual the same as p's is not parsed again).
func loadAt(o build.Options, ref string, p *build.Project) (*build.Project, error) {
	dir := cmp.Or(o.Dir, ".")
	realDir, err := real(dir)
	if err != nil {
		return nil, err
	}
	t, err := readTree(realDir, ref, func(p string) string {
		rel, err := filepath.Rel(realDir, p)
		if err != nil {
			return ""
		}
		return filepath.ToSlash(filepath.Join(dir, rel))
	})
	if err != nil {
		return nil, err
	}
	mem := afero.NewMemMapFs()
	bo := o
	bo.FS = mem
	cfgFile := o.ConfigFile
	if cfgFile == "" {
		cfgFile = path.Join(filepath.ToSlash(dir), config.FileName)
	}
	if err := t.copyTo(mem, realDir, t.under(cfgFile)); err != nil {
		return nil, err
	}
	cfg, err := config.Load(mem, filepath.ToSlash(dir), filepath.ToSlash(o.ConfigFile))
	if err != nil {
		return nil, err
	}
	roots := cfg.Manuals
	if len(o.Manuals) > 0 {
		roots = nil
		for _, m := range o.Manuals {
			roots = append(roots, filepath.ToSlash(m))
		}
	} else {
		for i, r := range roots {
			roots[i] = cfg.Path(r)
		}
	}
	var paths []string
	for _, r := range roots {
		paths = append(paths, t.under(r)...)
	}
	for _, v := range cfg.Vocabulary {
		paths = append(paths, t.under(cfg.Path(v))...)
	}
	if err := t.copyTo(mem, realDir, paths); err != nil {
		return nil, err
	}
	return build.LoadAgain(bo, p)
}

// real is p as an absolute path with its links resolved (as git names
// the work tree), or absolute when it does not exist.
func real(p string) (string, error) {
	a, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	if r, err := filepath.EvalSymlinks(a); err == nil {
		return r, nil
	}
	return a, nil
}
