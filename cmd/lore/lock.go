package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/lorekit/lore/build"
	"github.com/lorekit/lore/build/bundle"
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
		Short:   "Record every bundle's digest in prompts.lock",
		Long: `Lock bakes every prompt bundle and writes prompts.lock beside lore.yaml: one
line per bundle with the sha256 and size of its prefix, its token count and
the digest of its per-turn tail. Commit it; 'lore build --locked' (CI) fails
when a bundle differs from it.

The lock is a ratchet: a bundle may shrink freely, but growth in bytes is
refused unless --allow-growth gives the reason, which is recorded on the
bundle's line. Prompts with errors are never locked.

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
			res, err := build.Lock(p, growth)
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
			return nil
		},
	}
	pf.register(cmd, false)
	cmd.Flags().StringVar(&growth, "allow-growth", "", "accept bundles that grew in bytes, recording this reason")
	return cmd
}
