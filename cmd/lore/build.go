package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/lorekit/lore/build"
	"github.com/lorekit/lore/build/lint"
)

func newBuildCmd(e *env) *cobra.Command {
	var (
		pf     projectFlags
		out    string
		locked bool
	)
	cmd := &cobra.Command{
		Use:     "build",
		GroupID: "build",
		Short:   "Lint, index, bake and render the project into public/",
		Long: `Build runs the whole pipeline in one pass: load the project, bake the prompt
bundles, lint manuals and prompts, build the how_do_i catalog and render the
site and manifest.json.

Lint errors fail the build (exit 1) and leave the previous output untouched:
the build writes into a folder beside it and swaps it in only on success.
With --locked (for CI) the build also fails when a bundle differs from
prompts.lock; run 'lore lock' to accept a change.`,
		Example: `  lore build
  lore build --out /tmp/site
  lore build --locked                in CI`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			o := build.RunOptions{Options: pf.options(), Out: out, Locked: locked}
			if isTerminal(e.stderr) {
				o.Progress = func(stage string) { fmt.Fprintf(e.stderr, "\r\033[K%s…", stage) }
			}
			res, err := build.Run(o)
			if o.Progress != nil {
				fmt.Fprint(e.stderr, "\r\033[K")
			}
			if err != nil {
				return failure(err)
			}
			if err := lint.Write(e.stdout, "text", res.Lint); err != nil {
				return failure(err)
			}
			if res.Failed {
				fmt.Fprintf(e.stderr, "lore build: failed: %s; the previous output is untouched\n", res.Lint.Diagnostics.Summary())
				return findings()
			}
			fmt.Fprintf(e.stderr, "lore build: %d manuals → %s in %s (%s)\n", len(res.Project.Manuals.Manuals), res.Out,
				res.Duration.Round(1e6), res.Lint.Diagnostics.Summary())
			return nil
		},
	}
	pf.register(cmd, true)
	cmd.Flags().StringVar(&out, "out", "", "output folder (default: public/ of the project)")
	cmd.Flags().BoolVar(&locked, "locked", false, "fail when a bundle differs from prompts.lock (CI)")
	return cmd
}

// isTerminal reports whether w is a terminal.
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0 && os.Getenv("CI") == ""
}
