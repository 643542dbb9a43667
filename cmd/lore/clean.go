package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/build"
)

func newCleanCmd(e *env) *cobra.Command {
	var pf projectFlags
	cmd := &cobra.Command{
		Use:     "clean",
		GroupID: "build",
		Short:   "Remove the build cache (.lore-cache/)",
		Long: `Clean removes the project's build cache, the .lore-cache/ folder beside
lore.yaml. lore build keeps there what it computed (rendered pages,
highlighted code, token counts, lint reports, a record of what it published)
so that the next build only redoes what changed; lore serve uses it too.

The cache is never trusted: a damaged or foreign one is detected and
rebuilt, and a build without it (lore build --no-cache) publishes the same
bytes. Clean is for reclaiming the space, or for a build from scratch.
The folder carries its own .gitignore; public/ is left alone. A
.lore-cache that is a symbolic link is removed as a link: what it points
to is left alone.`,
		Example: `  lore clean
  lore clean --config docs/lore.yaml`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			removed, dir, err := build.Clean(pf.options())
			if err != nil {
				return failure(err)
			}
			if removed {
				fmt.Fprintf(e.stderr, "lore clean: removed %s\n", dir)
			} else {
				fmt.Fprintf(e.stderr, "lore clean: no build cache at %s\n", dir)
			}
			return nil
		},
	}
	pf.register(cmd, false)
	return cmd
}
