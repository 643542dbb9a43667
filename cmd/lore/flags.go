package main

import (
	"github.com/spf13/afero"
	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/build"
)

// projectFlags are the flags that select a project.
type projectFlags struct {
	config       string
	manuals      []string
	allowOutside bool
	// outGiven: the command names its output folder itself (--out), so
	// lore.yaml's out is not used.
	outGiven bool
}

func (f *projectFlags) register(cmd *cobra.Command, withManuals bool) {
	cmd.Flags().StringVar(&f.config, "config", "", "project file (default: lore.yaml in the current folder, if any)")
	cmd.Flags().BoolVar(&f.allowOutside, "allow-outside", false, "read and write the paths lore.yaml names outside the project folder "+
		"(manuals, prompts, content, theme, out, vocabulary, manualPaths); without it they are refused, since whoever edits lore.yaml chooses them")
	if withManuals {
		cmd.Flags().StringArrayVar(&f.manuals, "manuals", nil, "manual root to use instead of the configured ones (repeatable)")
	}
}

func (f *projectFlags) options() build.Options {
	return build.Options{FS: afero.NewOsFs(), Dir: ".", ConfigFile: f.config, Manuals: f.manuals, AllowOutside: f.allowOutside, OutGiven: f.outGiven}
}

func (f *projectFlags) load() (*build.Project, error) { return build.Load(f.options()) }
