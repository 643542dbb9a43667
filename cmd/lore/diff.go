package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/routediff"
)

func newDiffCmd(e *env) *cobra.Command {
	var (
		pf       projectFlags
		o        build.DiffOptions
		format   string
		exitCode bool
		intents  string
	)
	cmd := &cobra.Command{
		Use:     "diff",
		GroupID: "ci",
		Short:   "Show what the manuals' capabilities and routes changed against manuals.lock or a git ref",
		Long: `Diff prints the capability delta: what the manuals and skills as they are now
let an agent do that the lock did not record, and what they no longer do.
It compares every manual's surface (see 'lore lock': file digests, tools,
URL hosts, shell commands, shipped scripts, security rules turned off by
lore-disable comments or weakened by lore.yaml) with manuals.lock, and names

  new manual / manual removed
  new tool, host, command or script / … removed
  new suppression of security/RULE (or * for every rule) / … removed
  new suppression of security/* by lore.yaml (lint.rules sets it to off)
  file X changed (its digest), renamed manuals

each with the file and line where it is. By default the lock is the
project's manuals.lock (what was last reviewed); --lock compares with
another lockfile, --base with manuals.lock as it is at a git ref (read
with 'git show REF:manuals.lock', so the project must be in a git work
tree; in a pull request, the base branch). A lock that does not exist there
makes every manual new.

Route facts (--base only): a manual can take over another's requests with
a summary or triggers stuffed with its phrases, which no capability shows.
With --base, lore diff also loads the project as it is at REF (lore.yaml
there names the manual roots; read with git ls-tree and git cat-file),
builds a how_do_i catalog of each side as lore howdoi does, routes every
trigger and summary of every manual of either side, and --intents FILE
(an eval set, as lore eval reads it) too, as lore howdoi without --engine
and --tools would, and names each request whose loaded manual changed:

  route "REQUEST" (trigger of A): loaded A before, now loads B
  … loaded A before, now alternatives or a hint
  … alternatives or a hint before, now loads B

under the manual that loads it now (or did). A new manual that loads its
own new triggers is no route change. Only requests that a changed manual
can answer are routed: those of whose weight (each word weighs by how few
manuals' triggers and summaries hold it) a changed, added or removed
manual holds at least a fifth, which a manual needs to be loaded or to
block a load, and on the other side only those for which such a manual
is decisive (loaded, or among the first candidates); when the routing
vocabulary or the tools changed, every request is routed on both sides.
A manual added or removed also shifts every word's weight a little; a
request no changed manual is decisive for is not compared for that.
Without --base the manuals of the base are unknown: there are no route
facts.

--format text (default) groups the changes by manual; json prints
{"base","changes":[{"manual","name","kind","change","value","probe","old",
"new","file","line","column"}],"summary":{…}} (JSON Schema: schemas/diff.json,
published with the site); markdown prints a summary and a
table for a pull-request comment or a job summary (the GitHub Action adds
it to its summary). Values from the manuals are escaped in every format.

Exit status: 0 when the delta was printed (with --exit-code: 0 only when it
is empty, 1 when there are changes, route facts included); 2 when the lock
cannot be read, the ref is unknown or the project is not in a git work
tree, and 2 after printing the capability delta when the project at the
ref cannot be loaded for route facts (a broken lore.yaml there, say).`,
		Example: `  lore diff
  lore diff --base origin/main --format markdown >> "$GITHUB_STEP_SUMMARY"
  lore diff --lock /tmp/manuals.lock --format json
  lore diff --exit-code       fail when a manual changed what it can do
  lore diff --base origin/main --intents evals/requests.tsv`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" && format != "markdown" {
				return usageError("unknown format %q: use text, json or markdown", format)
			}
			p, err := pf.load()
			if err != nil {
				return failure(err)
			}
			r, err := build.Diff(p, o)
			if err != nil {
				return failure(err)
			}
			var routeErr error // the capability delta is printed even when the base cannot be routed
			if o.Base != "" {
				rs, err := routediff.Changes(p, pf.options(), o.Base, intents)
				if err != nil {
					routeErr = fmt.Errorf("route facts left out: %w", err)
				}
				r.Changes = routediff.Merge(r.Changes, rs)
			} else if intents != "" {
				return usageError("--intents needs --base: route facts compare the manuals with those at a git ref")
			}
			switch format {
			case "json":
				err = r.WriteJSON(e.stdout)
			case "markdown":
				err = r.WriteMarkdown(e.stdout)
			default:
				err = r.WriteText(e.stdout)
			}
			if err != nil {
				return failure(err)
			}
			if routeErr != nil {
				return failure(routeErr)
			}
			if exitCode && len(r.Changes) > 0 {
				return findings()
			}
			return nil
		},
	}
	pf.register(cmd, true)
	cmd.Flags().StringVar(&o.Base, "base", "", "compare with manuals.lock at this git ref (branch, tag or commit)")
	cmd.Flags().StringVar(&o.Lock, "lock", "", "compare with this lockfile instead of the project's manuals.lock")
	cmd.Flags().StringVar(&format, "format", "text", "output format: text, json or markdown")
	cmd.Flags().BoolVar(&exitCode, "exit-code", false, "exit 1 when there are changes")
	cmd.Flags().StringVar(&intents, "intents", "", "with --base, also route the labelled intents of this eval set (TSV, as lore eval reads)")
	cmd.MarkFlagsMutuallyExclusive("base", "lock")
	return cmd
}
