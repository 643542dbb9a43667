package lint

import (
	"path"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/guard"
)

// A glob is a lint.ignore pattern, relative to lore.yaml: * matches
// within a folder, ** (a whole path element) across folders, ? one
// character; a pattern ending in / matches everything below its folder.
// Every other character stands for itself, brackets and braces included.
// doublestar matches it.
type glob string

// globSpecial are the characters doublestar gives a meaning lint.ignore
// does not: they are escaped so that they match themselves.
const globSpecial = `\[]{}`

// newGlob turns a lint.ignore entry into the doublestar pattern it means.
func newGlob(g string) glob {
	g = strings.TrimPrefix(g, "./")
	if strings.HasSuffix(g, "/") {
		g += "**"
	}
	var b strings.Builder
	for _, r := range g {
		if strings.ContainsRune(globSpecial, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return glob(b.String())
}

// match reports whether the slash-separated path p matches g. A pattern
// doublestar rejects, or a panic inside it, matches nothing.
func (g glob) match(p string) bool {
	var ok bool
	err := guard.Do(func() (err error) {
		ok, err = doublestar.Match(string(g), p)
		return err
	})
	return err == nil && ok
}

// Ignored returns whether lint.ignore of cfg (nil: none) covers a file,
// given by its path on the project's file system. The site does not
// publish the files lint ignores.
func Ignored(cfg *config.Config) func(file string) bool {
	if cfg == nil || len(cfg.Lint.Ignore) == 0 {
		return func(string) bool { return false }
	}
	globs := ignoreGlobs(cfg)
	in := &Input{Config: cfg}
	return func(file string) bool { return ignored(in, file, globs) }
}

// ignoreGlobs returns the lint.ignore patterns of cfg (nil: none).
func ignoreGlobs(cfg *config.Config) []glob {
	if cfg == nil {
		return nil
	}
	out := make([]glob, len(cfg.Lint.Ignore))
	for i, g := range cfg.Lint.Ignore {
		out[i] = newGlob(g)
	}
	return out
}

// ignored reports whether file, or its path relative to the project
// folder, matches one of globs.
func ignored(in *Input, file string, globs []glob) bool { return ignoredBy(in, file, globs) >= 0 }

// ignoredBy returns the index of the first of globs that file, or its
// path relative to the project folder, matches; -1 for none.
func ignoredBy(in *Input, file string, globs []glob) int {
	if len(globs) == 0 {
		return -1
	}
	rel := file
	if in.Config != nil && in.Config.Dir != "" && in.Config.Dir != "." {
		rel = strings.TrimPrefix(file, path.Clean(in.Config.Dir)+"/")
	}
	for i, g := range globs {
		if g.match(rel) || g.match(file) {
			return i
		}
	}
	return -1
}
