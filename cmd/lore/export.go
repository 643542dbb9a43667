package main

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/export"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/plural"
)

func newExportCmd(e *env) *cobra.Command {
	var (
		pf     projectFlags
		host   string
		out    string
		check  bool
		failOn string
	)
	cmd := &cobra.Command{
		Use:     "export --host H --out DIR",
		GroupID: "build",
		Short:   "Write the manuals in an agent host's native layout",
		Long: `Export writes the project's manuals and skills in the layout and format an
agent host reads natively, into DIR:

  claude-code  .claude/skills/NAME/SKILL.md
  codex        .agents/skills/NAME/SKILL.md
  copilot      .github/skills/NAME/SKILL.md
  cursor       .cursor/rules/NAME.mdc (an Agent Requested rule)
  gemini-cli   .gemini/skills/NAME/SKILL.md

(the paths are the host profile's export.path; lore.yaml hosts: profiles:
can change them). The front matter is built from the lore header: the name,
mapped onto the Agent Skills rules (lowercase a-z, 0-9 and hyphens, at most
64 characters; every mapping is reported), the description from the summary
and triggers, written with its most distinctive words first when the host
would cut it (the distinctiveness of a word comes from how rarely the
project's other manuals use it), and allowed-tools from requires-tools. A
SKILL.md keeps its own front matter, with name and description replaced.
manual_read('x') and links to other manuals become relative links to the
exported files; the files of a skill folder and the files a manual links to
are copied beside it.

Export writes only what changed, and removes what an earlier export of the
same host wrote that is no longer produced (it records its files in
DIR/.lore-export-HOST.json and never touches other files: it removes only
a file where that host's export writes that still holds the recorded digest,
so a committed, forged record removes nothing; it stops rather than overwrite
a file it did not write, such as a hand-written skill of the same name): a
second run changes nothing. It never writes or removes through a symbolic link that
leads out of DIR (a committed .claude -> elsewhere stops it), and never
copies a linked file that is a symbolic link out of its manual's folder. With --check it writes nothing and exits 1 when DIR is
stale, naming each stale file: run it in CI after lore export was committed.

Export lints the project first and writes (or, with --check, compares)
nothing when lint finds an error of a security rule (security/*) or of the
safety floor, whatever --fail-on says: the host would load what lint
refused. --fail-on error, warning or info also stops it at any finding
that severe, as a build; by default (never) other findings (a skill name
export maps onto the Agent Skills rules, a broken link) do not, and lore
lint reports them.`,
		Example: `  lore export --host claude-code --out .
  lore export --host codex --out build/codex
  lore export --host claude-code --out . --check     (in CI)
  lore export --host codex --out . --fail-on error   stricter: any lint error stops it`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if host == "" {
				return usageError("--host is required: claude-code, codex, copilot, cursor, gemini-cli or a profile of lore.yaml")
			}
			if out == "" {
				return usageError("--out is required: the folder the host's layout is written into (. for the project itself)")
			}
			pf.outGiven = true
			o := build.ExportOptions{Options: export.Options{Host: host, Out: filepath.ToSlash(out), Check: check}}
			var err error
			if o.FailOn, o.NeverFail, err = parseFailOn(failOn); err != nil {
				return err
			}
			p, err := pf.load()
			if err != nil {
				return failure(err)
			}
			r, err := build.Export(p, o)
			if err != nil {
				return failure(err)
			}
			if r.Failed {
				if err := lint.Write(e.stdout, "text", r.Lint); err != nil {
					return failure(err)
				}
				fmt.Fprintf(e.stderr, "lore export: failed: %s; nothing written to %s\n", r.Lint.Diagnostics.Summary(), diag.Printable(out))
				fmt.Fprintln(e.stderr, exportFailHint(r.Lint.Diagnostics, failOn))
				return findings()
			}
			for _, rn := range r.Renamed {
				fmt.Fprintf(e.stderr, "lore export: %s: %s is exported as %s (Agent Skills names: a-z, 0-9 and hyphens, at most 64 characters)\n", diag.Printable(rn.Source), diag.Printable(rn.Manual), rn.Name)
			}
			for _, s := range r.Skipped {
				fmt.Fprintf(e.stderr, "lore export: %s: %s\n", diag.Printable(s.Source), diag.Printable(s.Why))
			}
			if check {
				for _, f := range r.Written {
					fmt.Fprintf(e.stdout, "stale: %s\n", diag.Printable(filepath.Join(out, f)))
				}
				for _, f := range r.Removed {
					fmt.Fprintf(e.stdout, "stale: %s (no longer exported)\n", diag.Printable(filepath.Join(out, f)))
				}
				if r.Stale() {
					fmt.Fprintf(e.stderr, "lore export: %s stale for %s: run lore export --host %s --out %s\n",
						plural.Of(len(r.Written)+len(r.Removed), "file", "files"), r.Host, r.Host, out)
					return findings()
				}
				fmt.Fprintf(e.stderr, "lore export: %s up to date for %s\n", plural.Of(r.Unchanged, "file", "files"), r.Host)
				return nil
			}
			for _, f := range r.Written {
				fmt.Fprintf(e.stdout, "wrote %s\n", diag.Printable(filepath.Join(out, f)))
			}
			for _, f := range r.Removed {
				fmt.Fprintf(e.stdout, "removed %s\n", diag.Printable(filepath.Join(out, f)))
			}
			fmt.Fprintf(e.stderr, "lore export: %s: %s written, %s unchanged, %s removed (lint: %s)\n", r.Host,
				plural.Of(len(r.Written), "file", "files"), plural.Of(r.Unchanged, "file", "files"), plural.Of(len(r.Removed), "file", "files"),
				r.Lint.Diagnostics.Summary())
			return nil
		},
	}
	pf.register(cmd, true)
	cmd.Flags().StringVar(&host, "host", "", "the host whose layout to write: claude-code, codex, copilot, cursor, gemini-cli or a profile of lore.yaml")
	cmd.Flags().StringVar(&out, "out", "", "the folder to write into (. for the project itself)")
	cmd.Flags().BoolVar(&check, "check", false, "write nothing; exit 1 and name the stale files when the export differs from --out")
	cmd.Flags().StringVar(&failOn, "fail-on", "never", "export nothing when lint finds something at least this severe: error, warning, info, or never (errors of the security rules and the safety floor stop it always)")
	return cmd
}

// exportFailHint says what stopped an export and the way forward, as
// failHint does for a build.
func exportFailHint(ds diag.List, failOn string) string {
	if n := build.Unpublishable(ds); n > 0 {
		return "lore export: " + unpublishableHint(ds, n, "the export")
	}
	return fmt.Sprintf("lore export: findings at or above --fail-on %s stop the export: fix them, or export with them: lore export --fail-on never", failOn)
}
