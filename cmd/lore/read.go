package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/plural"
	"github.com/lorekit/lore/internal/search"
)

func newReadCmd(e *env) *cobra.Command {
	var (
		pf     projectFlags
		engine string
		tools  string
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

Visibility is the same as for list and howdoi: a manual whose audience is
another engine, or that requires a tool outside the allow-set (the
engine's recipe tools, or --tools), is never returned and never shadows
a visible manual of the same name: the cascade takes the first visible
match. Asked for by name, a hidden manual is not found.

On a terminal, control characters in the text (other than line ends and
tabs) are shown as escapes such as \x1b, so a manual cannot clear the
screen or rewrite what was printed; piped or redirected, the bytes are
exactly what manual_read returns.

A manual in which lint finds an error of a security rule (security/*) is
withheld, as a build that finds them fails: its findings
go to stderr and nothing to stdout.

Exit status: 0 when found, 1 when no manual has the name or it is
withheld, 2 for an invalid name, an unknown engine or a configuration
failure.`,
		Example: `  lore read images
  lore read embed-overview --engine arthur`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := pf.load()
			if err != nil {
				return failure(err)
			}
			c, err := p.Ask(engine, splitComma(tools), cmd.Flags().Changed("tools"))
			if err != nil {
				return usageError("%v", err)
			}
			m, text, err := search.Read(p.Manuals, c, args[0], p.RelPath)
			switch {
			case errors.Is(err, search.ErrInvalidName):
				return usageError("%v", err)
			case errors.Is(err, search.ErrNotFound):
				fmt.Fprintf(e.stderr, "lore read: no manual %q %s; 'lore list' shows the names\n", args[0], readScope(p, c, engine))
				return findings()
			case err != nil:
				return failure(err)
			}
			if ds := build.Withheld(p, m); len(ds) > 0 {
				if err := lint.Write(e.stderr, "text", lint.Report{Diagnostics: ds}); err != nil {
					return failure(err)
				}
				fmt.Fprintf(e.stderr, "lore read: %s is withheld: lint finds %s of the security rules in it, which fail lore build; fix them, or open the file itself to review it\n",
					args[0], plural.Of(len(ds), "error", "errors"))
				return findings()
			}
			return writeContent(e.stdout, text)
		},
	}
	pf.register(cmd, true)
	cmd.Flags().StringVar(&engine, "engine", "", "read through this engine's recipe manualPaths, as this engine")
	cmd.Flags().StringVar(&tools, "tools", "", "the allow-set, comma-separated (default: the engine's recipe tools; without a recipe, tools are not checked)")
	return cmd
}

// readScope says where a name was looked for (the project's manuals, or
// the engine's manualPaths) and for whom, when an engine or allow-set
// hides manuals. It never says whether a hidden manual has the name.
func readScope(p *build.Project, c *manual.Cascade, engine string) string {
	where := "in the project's manuals"
	if paths, _, ok := p.Config.EngineView(engine); ok && len(p.Config.Recipes) > 0 {
		where = "in the manualPaths of engine " + engine + " (" + strings.Join(paths, ", ") + ")"
	}
	switch v := c.Visibility; {
	case engine != "" && !v.AnyTools:
		where += " visible to engine " + engine + " with tools [" + strings.Join(v.Tools, ", ") + "]"
	case engine != "":
		where += " visible to engine " + engine
	case !v.AnyTools:
		where += " visible with tools [" + strings.Join(v.Tools, ", ") + "]"
	}
	return where
}
