package build

import (
	"path"
	"path/filepath"

	"github.com/lorekit/lore/internal/config"
)

// Sources are what a watcher (lore serve, lore mcp --watch) follows to
// rebuild: the project file and the source folders a build reads, as paths
// on the file system.
type Sources struct {
	// File is the project file (lore.yaml, or --config), which may not
	// exist yet.
	File string
	// Dirs are the manual roots, prompts/, content/ and theme/.
	Dirs []string
}

// WatchSources returns the sources of the project o selects, as its
// project file says now. They go through the same wall as a build
// (checkedConfig): a path key of lore.yaml that leads out of the project
// folder is not watched, and neither walked nor read, unless
// o.AllowOutside. When the project file is broken or refused, the
// default folders are returned with it, so that fixing the file is seen;
// err says why (the build reports the same error).
func WatchSources(o Options) (Sources, error) {
	dir := o.Dir
	if dir == "" {
		dir = "."
	}
	cfg := config.Default(filepath.ToSlash(dir))
	if o.ConfigFile != "" {
		cfg.Dir = path.Dir(filepath.ToSlash(o.ConfigFile))
	}
	s := Sources{File: filepath.FromSlash(o.ConfigFile)}
	p, err := checkedConfig(o)
	if err == nil {
		cfg = p.Config
	} else if len(o.Manuals) > 0 {
		cfg.Manuals = nil // the command line's, as given
		s.Dirs = append(s.Dirs, o.Manuals...)
	}
	if s.File == "" {
		s.File = filepath.FromSlash(cfg.Path(config.FileName))
	}
	for _, d := range append(append([]string{}, cfg.Manuals...), cfg.Prompts, cfg.Content, cfg.Theme) {
		if d != "" {
			s.Dirs = append(s.Dirs, filepath.FromSlash(cfg.Path(d)))
		}
	}
	return s, err
}
