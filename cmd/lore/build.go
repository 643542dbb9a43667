package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/memlimit"
	"github.com/lorekit/lore/internal/plural"
)

func newBuildCmd(e *env) *cobra.Command {
	var (
		pf      projectFlags
		out     string
		locked  bool
		noCache bool
	)
	cmd := &cobra.Command{
		Use:     "build",
		GroupID: "build",
		Short:   "Lint, index, bake and render the project into public/",
		Long: `Build runs the whole pipeline in one pass: load the project, bake the prompt
bundles, lint manuals and prompts, build the how_do_i catalog and render the
site and manifest.json.

Lint errors fail the build (exit 1) and leave the previous output untouched.
Every build makes the new output whole in a folder beside it (files that did
not change are hard links to the published ones) and swaps it in with one
rename: at every instant the output is the previous or the new complete one,
even when the build is killed.

Builds are incremental: every input is identified by the hash of its
bytes, and what a build computes (rendered pages, highlighted code, token
counts, each manual's own lint findings, what the catalog holds per manual,
a record of what it published) is kept in .lore-cache/ beside lore.yaml
under the hashes of its inputs, so the next build only redoes what changed:
after an edit the catalog is updated with the changed manuals, and a build
whose inputs have the same bytes (a touched file, a fresh checkout) writes
nothing. The cache is checked, never trusted: a damaged or foreign one is
rebuilt. --no-cache builds from scratch without reading or writing it (the
output is byte for byte the same); 'lore clean' removes it.

With --locked (for CI) the build also fails when a bundle differs from
prompts.lock; run 'lore lock' to accept a change.`,
		Example: `  lore build
  lore build --out /tmp/site
  lore build --locked                in CI
  lore build --no-cache              from scratch, leaving .lore-cache/ alone`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			defer memlimit.Apply()()
			o := build.RunOptions{Options: pf.options(), Out: out, Locked: locked, NoCache: noCache}
			var pr *progress
			if isTerminal(e.stderr) {
				pr = newProgress(e.stderr)
				o.Progress, o.Count = pr.Stage, pr.Count
			}
			res, err := build.Run(o)
			if pr != nil {
				pr.Clear()
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
			fmt.Fprintf(e.stderr, "lore build: %s → %s in %s (%s)\n", plural.Of(res.Manuals, "manual", "manuals"), res.Out,
				res.Duration.Round(1e6), res.Lint.Diagnostics.Summary())
			return nil
		},
	}
	pf.register(cmd, true)
	cmd.Flags().StringVar(&out, "out", "", "output folder (default: public/ of the project)")
	cmd.Flags().BoolVar(&locked, "locked", false, "fail when a bundle differs from prompts.lock (CI)")
	cmd.Flags().BoolVar(&noCache, "no-cache", false, "build from scratch, without reading or writing the build cache")
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
