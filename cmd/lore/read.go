package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lorekit/lore/build"
	"github.com/lorekit/lore/build/manual"
	"github.com/lorekit/lore/search"
)

func newReadCmd(e *env) *cobra.Command {
	var (
		pf     projectFlags
		engine string
	)
	cmd := &cobra.Command{
		Use:     "read NAME",
		GroupID: "runtime",
		Short:   "Print a manual as manual_read('NAME') returns it",
		Long: `Read prints what manual_read('NAME') returns: the raw Markdown of the first
manual called NAME in the engine's recipe manualPaths (the cascade; a name
found twice is shadowed by the earlier folder). For an Agent Skills
SKILL.md, the documents of its folder are listed after it, so the agent
knows what else it can read.

A name is a file's basename without extension (manuals/embedding/images.md
is 'images'); names with '/', '\' or '..' are refused. Without --engine,
every manual root takes part, in path order.

Exit status: 0 when found, 1 when no manual has the name, 2 for an invalid
name, an unknown engine or a configuration failure.`,
		Example: `  lore read images
  lore read embed-overview --engine arthur`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := pf.load()
			if err != nil {
				return failure(err)
			}
			paths, err := recipePaths(p, engine)
			if err != nil {
				return err
			}
			var c *manual.Cascade
			if paths == nil {
				c = p.Manuals.Cascade(nil)
			} else {
				c = p.Cascade(paths)
			}
			_, text, err := search.Read(p.Manuals, c, args[0], p.RelPath)
			switch {
			case errors.Is(err, search.ErrInvalidName):
				return usageError("%v", err)
			case errors.Is(err, search.ErrNotFound):
				where := "the project's manuals"
				if engine != "" {
					where = fmt.Sprintf("the manualPaths of engine %s (%s)", engine, strings.Join(paths, ", "))
				}
				fmt.Fprintf(e.stderr, "lore read: no manual %q in %s; 'lore list' shows the names\n", args[0], where)
				return findings()
			case err != nil:
				return failure(err)
			}
			_, err = io.WriteString(e.stdout, text)
			return err
		},
	}
	pf.register(cmd, true)
	cmd.Flags().StringVar(&engine, "engine", "", "read through this engine's recipe manualPaths")
	return cmd
}

// recipePaths returns the manualPaths of engine's recipes, in recipe order
// (nil: no engine, or a project without recipes).
func recipePaths(p *build.Project, engine string) ([]string, error) {
	if engine == "" || len(p.Config.Recipes) == 0 {
		return nil, nil
	}
	var paths []string
	found := false
	for _, r := range p.Config.Recipes {
		if r.Engine != engine {
			continue
		}
		found = true
		for _, mp := range r.ManualPaths {
			if !slices.Contains(paths, mp) {
				paths = append(paths, mp)
			}
		}
	}
	if !found {
		return nil, usageError("unknown engine %q: the project's recipes define %s", engine, strings.Join(p.Config.Engines(), ", "))
	}
	if paths == nil {
		paths = []string{}
	}
	return paths, nil
}
