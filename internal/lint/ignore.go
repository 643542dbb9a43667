package lint

import (
	"path"
	"regexp"
	"strings"

	"github.com/lorekit/lore/internal/config"
)

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

// ignoreGlobs compiles lint.ignore of cfg (nil: none).
func ignoreGlobs(cfg *config.Config) []*regexp.Regexp {
	if cfg == nil {
		return nil
	}
	var out []*regexp.Regexp
	for _, g := range cfg.Lint.Ignore {
		out = append(out, Glob(g))
	}
	return out
}

func ignored(in *Input, file string, globs []*regexp.Regexp) bool {
	if len(globs) == 0 {
		return false
	}
	rel := file
	if in.Config != nil && in.Config.Dir != "" && in.Config.Dir != "." {
		rel = strings.TrimPrefix(file, path.Clean(in.Config.Dir)+"/")
	}
	for _, g := range globs {
		if g.MatchString(rel) || g.MatchString(file) {
			return true
		}
	}
	return false
}
