package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/diag"
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
		failOn  string
	)
	cmd := &cobra.Command{
		Use:     "build",
		GroupID: "build",
		Short:   "Lint, index, bake and render the project into public/",
		Long: `Build runs the whole pipeline in one pass: load the project, bake the prompt
bundles, lint manuals and prompts, build the how_do_i catalog and render the
site and manifest.json.

Lint errors fail the build (exit 1) and leave the previous output untouched.
--fail-on sets which findings do: error (the default), warning, info, or
never, which publishes the site with its findings shown on the lint report
and on each manual's page (a docs owner publishing a corpus that is not
clean yet). Errors of the security rules (security/*: an agent would load
what they found) and of the safety floor (prompt/lock, prompt/budget, …;
see lint/floor in the rule reference) fail the build whatever --fail-on
says; a line reviewed as safe is let through by a disable comment, which
manuals.lock records.

Every build makes the new output whole in a folder beside it and swaps it
in with one rename: at every instant the output is the previous or the new
complete one, even when the build is killed. The output swapped out is kept
in .lore-cache/ as the next build's new folder, where only what changed
since is written or hard-linked to the published files.

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
  lore build --fail-on warning       stricter: warnings fail too
  lore build --fail-on never         publish with the findings shown on the site
  lore build --no-cache              from scratch, leaving .lore-cache/ alone`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			pf.outGiven = out != ""
			o := build.RunOptions{Options: pf.options(), Out: out, Locked: locked, NoCache: noCache}
			var err error
			if o.FailOn, o.NeverFail, err = parseFailOn(failOn); err != nil {
				return err
			}
			defer memlimit.Apply()()
			o.Sized = memlimit.Fit
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
			for _, p := range res.CacheProblems {
				fmt.Fprintf(e.stderr, "lore build: cache: %s\n", diag.Printable(p))
			}
			if res.Failed {
				fmt.Fprintf(e.stderr, "lore build: failed: %s; the previous output is untouched\n", res.Lint.Diagnostics.Summary())
				fmt.Fprintln(e.stderr, failHint(res.Lint.Diagnostics, failOn))
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
	cmd.Flags().StringVar(&failOn, "fail-on", "error", "fail on findings at least this severe: error, warning, info, or never (publish with the findings shown)")
	cmd.Flags().BoolVar(&noCache, "no-cache", false, "build from scratch, without reading or writing the build cache")
	return cmd
}

// parseFailOn reads --fail-on of build and serve: a severity, or never.
func parseFailOn(v string) (diag.Severity, bool, error) {
	if v == "never" {
		return diag.Off, true, nil
	}
	sev, err := diag.ParseSeverity(v)
	if err != nil || sev == diag.Off {
		return diag.Off, false, usageError("unknown --fail-on %q: use error, warning, info or never", v)
	}
	return sev, false, nil
}

// failHint says what stopped a failed build and the way forward: fix the
// findings, or publish with them (--fail-on never), which errors of the
// security rules and the safety floor do not allow (build.Unpublishable).
func failHint(ds diag.List, failOn string) string {
	if n := build.Unpublishable(ds); n > 0 {
		return "lore build: " + unpublishableHint(ds, n, "the build")
	}
	return fmt.Sprintf("lore build: findings at or above --fail-on %s stop the build: fix them, or publish the site with them shown: lore build --fail-on never", failOn)
}

// unpublishableHint says which of the errors ds holds, n in all, fail
// step (the build, the export) whatever --fail-on says, and the way
// forward.
func unpublishableHint(ds diag.List, n int, step string) string {
	verb := "fail"
	if n == 1 {
		verb = "fails"
	}
	if build.SecurityErrors(ds) == 0 {
		return fmt.Sprintf("%s of the safety floor (see lint/floor in the rule reference) %s %s whatever --fail-on says: fix them first",
			plural.Of(n, "error", "errors"), verb, step)
	}
	return fmt.Sprintf("%s of the security rules or the safety floor %s %s whatever --fail-on says (an agent would load what they found): "+
		"fix them, or, for a line reviewed as safe, disable the rule on it (<!-- lore-disable-next-line RULE -->), which manuals.lock records",
		plural.Of(n, "error", "errors"), verb, step)
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
