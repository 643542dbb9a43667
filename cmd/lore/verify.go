package main

import (
	"fmt"

	"github.com/spf13/afero"
	"github.com/spf13/cobra"

	"github.com/lorekit/lore/build"
	"github.com/lorekit/lore/internal/plural"
)

func newVerifyCmd(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "verify PATH",
		GroupID: "prompt",
		Short:   "Recompute and check the digests of bundle files",
		Long: `Verify recomputes what bundle files record: the sha256, size and token count
of the prefix and tail, every descriptor's digest, and the prefix rendered
again from the recorded blocks. PATH is a bundle file, a folder of bundles or
a build output folder; for an output folder the bundle entries of
manifest.json are checked against their files too.

A runtime does the same with build/bundle's Verify before trusting a bundle.

Exit status: 0 when everything matches; 1 on a mismatch (each printed as
"file: what differs"); 2 when PATH cannot be read or holds no bundle.`,
		Example: `  lore verify public
  lore verify public/lore/bundles/arthur.chat.anthropic.json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			r, err := build.VerifyPath(afero.NewOsFs(), args[0])
			if err != nil {
				return failure(err)
			}
			for _, p := range r.Problems {
				fmt.Fprintln(e.stdout, p)
			}
			fmt.Fprintf(e.stderr, "lore verify: %s, %s\n", plural.Of(len(r.Bundles), "bundle", "bundles"), plural.Of(len(r.Problems), "mismatch", "mismatches"))
			if len(r.Problems) > 0 {
				return findings()
			}
			return nil
		},
	}
	return cmd
}
