package main

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/capability"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/plural"
)

func newLockCmd(e *env) *cobra.Command {
	var (
		pf     projectFlags
		growth string
	)
	cmd := &cobra.Command{
		Use:     "lock",
		GroupID: "prompt",
		Short:   "Record every bundle's digest in prompts.lock and every manual's capabilities in manuals.lock",
		Long: `Lock bakes every prompt bundle and writes prompts.lock beside lore.yaml: one
line per bundle with the sha256 and size of its prefix, its token count and
the digest of its per-turn tail. Commit it; 'lore build --locked' (CI) fails
when a bundle differs from it.

It also writes manuals.lock: what every manual and skill lets an agent do,
one fact a line (like go.sum):

  manuals/deploy/SKILL.md file scripts/release.sh sha256-3q2+7w…=
  manuals/deploy/SKILL.md tool Bash
  manuals/deploy/SKILL.md host hooks.example.net
  manuals/deploy/SKILL.md command kubectl
  manuals/deploy/SKILL.md script scripts/release.sh
  manuals/deploy/SKILL.md suppress security/remote-exec

the digest of every file it consists of (a skill: every file of its
folder), its tools (requires-tools, allowed-tools), the URL hosts it
references, the commands of its code blocks (every line of a shell
block, the lines of other blocks that look run), of the inline code
spans of its prose that read as a command line ('rm -rf ~/.ssh',
'curl … | sh'; not a lone word or a name) and of shipped shell
scripts, the scripts it ships, and the security rules its lore-disable
comments turn off (invisible where Markdown is rendered, so the lock shows
them to a review) or lore.yaml weakens for it: a lint.rules entry that sets
a security rule off or below its default ('suppress lore.yaml:security/*=off')
and a lint.ignore glob that covers one of its files ('suppress
lore.yaml:ignore'). 'lore build --locked' fails when any of
them changed (rule manual/lock); 'lore diff' shows the change before you
lock it. Lock prints what it accepted.

Each line also holds the bundle's digest (bundleSha256, which covers every
field of the bundle file: budget, disabled list, style, role, blocks, …), its
budget and its disabled blocks, so a change to any of them shows in review and
fails 'lore build --locked' and 'lore verify'.

The lock is a ratchet: a bundle may shrink freely, but growth in bytes is
refused unless --allow-growth gives the reason. Each accepted growth is
recorded on a line of its own after the bundle's line:

  arthur.chat.anthropic grew from=310 to=337 date=2026-07-01 reason="why"

and every record is kept by later runs, whatever the bundle does next; a
bundle that is no longer built takes its records with it. The date is today
(UTC), or the day of SOURCE_DATE_EPOCH when it is set. Lines are sorted by
bundle id, so the file is the same for the same bundles and two branches that
change different bundles merge cleanly. Prompts with errors are never locked.

Exit status: 0 when the lock is written (or already up to date); 1 when
growth is refused or a prompt has errors; 2 on configuration or I/O failure.`,
		Example: `  lore lock
  lore lock --allow-growth "calendar add-on: two trigger lines"`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := pf.load()
			if err != nil {
				return failure(err)
			}
			date, err := lockDate(os.Getenv("SOURCE_DATE_EPOCH"), time.Now())
			if err != nil {
				return usageError("%v", err)
			}
			res, err := build.Lock(p, build.LockOptions{AllowGrowth: growth, Date: date})
			if err != nil {
				return failure(err)
			}
			if len(res.Diagnostics) > 0 {
				for _, d := range res.Diagnostics {
					fmt.Fprintln(e.stdout, d.String())
				}
				fmt.Fprintf(e.stderr, "lore lock: not written: fix the prompt errors first (%s)\n", res.Diagnostics.Summary())
				return findings()
			}
			for _, g := range res.Grown {
				fmt.Fprintf(e.stderr, "lore lock: bundle %s grew from %d to %d bytes\n", g.ID, g.From, g.To)
			}
			if res.Lock == nil {
				fmt.Fprintf(e.stderr, "lore lock: refused: %s grew; shrink them, or accept the growth with --allow-growth \"why\" (the reason is recorded in %s)\n",
					plural.Of(len(res.Grown), "bundle", "bundles"), bundle.LockFile)
				return findings()
			}
			state := "up to date"
			if res.Changed {
				state = "written"
			}
			fmt.Fprintf(e.stderr, "lore lock: %s %s (%s)\n", res.Path, state, plural.Of(len(res.Lock.Entries), "bundle", "bundles"))
			if ml := res.Manuals; ml != nil {
				for _, c := range ml.Changes {
					if ml.First {
						break // every manual is new: the file says what it holds
					}
					if c.Kind == capability.Manual || c.Op != capability.Added || !slices.ContainsFunc(ml.Changes, func(o capability.Change) bool {
						return o.Manual == c.Manual && o.Kind == capability.Manual
					}) {
						fmt.Fprintf(e.stderr, "lore lock: %s: %s\n", diag.Clip(c.Name), c.Describe())
					}
				}
				state := "up to date"
				if ml.Changed {
					state = "written"
				}
				fmt.Fprintf(e.stderr, "lore lock: %s %s (%s)\n", ml.Path, state, plural.Of(ml.Manuals, "manual", "manuals"))
			}
			return nil
		},
	}
	pf.register(cmd, false)
	cmd.Flags().StringVar(&growth, "allow-growth", "", "accept bundles that grew in bytes, recording this reason")
	return cmd
}

// lockDate is the day a growth is recorded: that of epoch (seconds, the
// reproducible-builds SOURCE_DATE_EPOCH) when set, else now's, in UTC.
func lockDate(epoch string, now time.Time) (string, error) {
	if epoch != "" {
		sec, err := strconv.ParseInt(epoch, 10, 64)
		if err != nil {
			return "", fmt.Errorf("SOURCE_DATE_EPOCH=%q is not a number of seconds", epoch)
		}
		now = time.Unix(sec, 0)
	}
	return now.UTC().Format(time.DateOnly), nil
}
