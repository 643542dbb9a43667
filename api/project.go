package api

import (
	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
)

// Project selects a project folder on disk.
type Project struct {
	// Dir is the project folder: where lore.yaml is, or manuals/ without
	// one. "" is the working directory.
	Dir string
	// ConfigFile is the project file when it is not Dir/lore.yaml.
	ConfigFile string
	// Manuals, when set, replaces the configured manual roots, relative
	// to the working directory.
	Manuals []string
}

func (p Project) options() build.Options {
	return build.Options{FS: afero.NewOsFs(), Dir: p.Dir, ConfigFile: p.ConfigFile, Manuals: p.Manuals}
}
