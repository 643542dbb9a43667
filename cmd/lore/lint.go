package main

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/plural"
)

func newLintCmd(e *env) *cobra.Command {
	var (
		pf     projectFlags
		format string
		failOn string
		color  string
		rules  bool
		fix    bool
		dryRun bool
	)
	cmd := &cobra.Command{
		Use:     "lint [PATH]...",
		GroupID: "ci",
		Short:   "Check manuals against lore's rules",
		Long: `Lint checks manuals: the strict lore header, Agent Skills front matter, size
limits, when to split, routing overviews, manual_read references and links,
duplicates, shadowing, trigger overlaps and document structure.

Without PATH it checks the project's manual roots (lore.yaml "manuals:", by
default manuals/). A PATH may be a file or a folder anywhere; folders are
searched for *.md files. Paths inside the project are checked against the
whole project, so references resolve; other paths are checked on their own.
In a folder with neither lore.yaml nor manuals/, "lore lint ." checks every
manual in it.

Findings print as "file:line:col: severity: message [rule]". Control them
in lore.yaml (lint: {rules: {size/goal: off}, ignore: ["legacy/**"]}) or
inline in a manual:

  <!-- lore-disable-next-line ref/prose-reference -->
  <!-- lore-disable size/* -->  …  <!-- lore-enable size/* -->
  <!-- lore-disable-file header/missing -->

--fix repairs what has one exact repair: header YAML-isms become the plain
form (triggers: [a, b] → triggers: a, b; quotes, "- item" lists and
continuation lines folded onto the key's line; blank and comment lines
deleted), a prose reference whose words name exactly one manual becomes
its call ("see the images manual" → see ` + "`manual_read('images')`" + `), hidden
Unicode (bidirectional controls, zero-width and tag characters) is removed,
and so are trailing blanks on header lines. It repeats until nothing more
changes, replaces each file atomically, reports "fixed N findings in M
files" and prints what remains. --dry-run (with --fix) prints the changes
as a unified diff instead and writes nothing.

--format json prints {"diagnostics":[{"rule","severity","file","line",
"column","endLine","endColumn","offset","endOffset","message"}…],
"summary":{"files","errors","warnings","infos"}}: lines and columns are
1-based, columns count characters and offsets count bytes from the start
of the file (schema: schemas/lint.json). --format sarif writes SARIF 2.1.0,
--format github workflow commands that annotate a pull request; an error
in lore.yaml itself (exit 2) is annotated there too, at its line and
column.

Severities are coloured when the output is a terminal; NO_COLOR (set to
anything) or --color never turns that off, --color always forces it.

Exit status: 0 when nothing reaches --fail-on, 1 when something does,
2 when the configuration or the command line is wrong, or when no manual is
found at all (the message says where lint looked).`,
		Example: `  lore lint
  lore lint manuals/embedding --fail-on warning
  lore lint --format sarif > lore.sarif
  lore lint --format github          (in GitHub Actions)
  lore lint --fix                    repair what has an exact fix
  lore lint --fix --dry-run          show the repairs as a diff
  lore lint --rules                  list every rule`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if rules {
				return printRules(e)
			}
			if !slices.Contains([]string{"auto", "always", "never"}, color) {
				return usageError("unknown --color %q: use auto, always or never", color)
			}
			if !slices.Contains(lint.Formats(), format) {
				return usageError("unknown --format %q: use %s", format, strings.Join(lint.Formats(), ", "))
			}
			threshold, err := diag.ParseSeverity(failOn)
			if err != nil || threshold == diag.Off {
				return usageError("unknown --fail-on %q: use error, warning or info", failOn)
			}
			if dryRun && !fix {
				return usageError("--dry-run goes with --fix: lore lint --fix --dry-run")
			}
			p, err := pf.load()
			if err != nil {
				annotateProjectError(e, format, err)
				return failure(err)
			}
			var r lint.Report
			if fix {
				fr, err := build.LintFix(p, args, dryRun)
				if err != nil {
					return failure(err)
				}
				for _, f := range fr.Outside {
					fmt.Fprintf(e.stderr, "lore lint: not fixed: %s is outside the project folder (--fix writes only inside it); fix it in the project that holds it\n", diag.Printable(f))
				}
				fmt.Fprintf(e.stderr, "lore lint: %s\n", fr.Summary(dryRun))
				if dryRun {
					if err := writeContent(e.stdout, string(fr.Diff)); err != nil {
						return failure(err)
					}
					if build.LintFailed(fr.Before, threshold) {
						return findings()
					}
					return nil
				}
				r = fr.After
			} else if r, err = build.LintFound(p, args); err != nil {
				return failure(err)
			}
			r.Version = loreVersion()
			if format == "text" && useColor(color, isTerminal(e.stdout), os.Getenv("NO_COLOR")) {
				err = lint.WriteColor(e.stdout, r)
			} else {
				err = lint.Write(e.stdout, format, r)
			}
			if err != nil {
				return failure(err)
			}
			if format == "text" {
				fmt.Fprintf(e.stderr, "lore lint: %s, %s\n", plural.Of(r.Files, "file", "files"), r.Diagnostics.Summary())
			}
			if build.LintFailed(r, threshold) {
				return findings()
			}
			return nil
		},
	}
	pf.register(cmd, false)
	cmd.Flags().StringVar(&format, "format", "text", "output format: text, json, sarif or github")
	cmd.Flags().StringVar(&failOn, "fail-on", "error", "exit 1 when a finding is at least this severe: error, warning or info")
	cmd.Flags().StringVar(&color, "color", "auto", "colour severities in the text format: auto (on a terminal, unless NO_COLOR is set), always or never")
	cmd.Flags().BoolVar(&rules, "rules", false, "list every rule with its default severity and exit")
	cmd.Flags().BoolVar(&fix, "fix", false, "apply the exact fixes, then report what remains")
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "with --fix: print the fixes as a unified diff and change nothing")
	return cmd
}

// useColor decides whether the text format is coloured: --color always or
// never decides; auto colours on a terminal unless NO_COLOR is set to
// anything (https://no-color.org).
func useColor(mode string, terminal bool, noColor string) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	return terminal && noColor == ""
}

func printRules(e *env) error {
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	for _, r := range lint.Rules() {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", r.ID, r.Severity, r.Summary)
	}
	return tw.Flush()
}

// annotateProjectError writes a project file's error (a refused path, a
// key of the wrong kind) as a workflow command when lint reports in the
// github format: the pull request that broke lore.yaml gets the mark on
// the line that broke it, beside the plain message on stderr.
func annotateProjectError(e *env, format string, err error) {
	var ce *config.Error
	if format != "github" || !errors.As(err, &ce) {
		return
	}
	d := diag.Diagnostic{Pos: diag.Pos{File: ce.File, Line: ce.Line, Col: ce.Col}, Severity: diag.Error, Message: ce.Msg}
	_ = lint.Write(e.stdout, format, lint.Report{Diagnostics: diag.List{d}})
}
