package main

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/plural"
)

func newIndexCmd(e *env) *cobra.Command {
	var (
		pf    projectFlags
		out   string
		force bool
	)
	cmd := &cobra.Command{
		Use:     "index --out DIR",
		GroupID: "build",
		Short:   "Build the how_do_i catalog alone",
		Long: `Index builds the catalog that how_do_i routes with: a bleve index of every
manual (lore header and Agent Skills dialects) and every tool description of
lore.yaml, analysed in English and German. It is written to
DIR/lore/catalog.bleve, where 'lore build' puts it too, with
lore-catalog.json beside the index files (document count, engines, the
inputs' hash).

Lint findings do not stop it. When DIR already holds a catalog of the same
inputs (manuals, tools, recipes), nothing is rebuilt; --force rebuilds. The
new catalog is built beside the old one and swapped in.

Exit status: 0 on success, 2 for a configuration or I/O failure.`,
		Example: `  lore index --out public
  lore index --manuals ../skills --out /tmp/skills
  lore howdoi "make a gif" --catalog /tmp/skills`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return usageError("--out DIR is required: the catalog is written to DIR/%s", build.CatalogDir)
			}
			start := time.Now()
			pf.outGiven = true
			p, err := pf.load()
			if err != nil {
				return failure(err)
			}
			dir := filepath.Join(out, filepath.FromSlash(build.CatalogDir))
			meta, fresh, err := build.BuildCatalog(p, build.IndexOptions{Dir: dir, Force: force})
			if err != nil {
				return failure(err)
			}
			state := "built"
			if !fresh {
				state = "up to date"
			}
			fmt.Fprintf(e.stderr, "lore index: %s → %s (%s, %s)\n", plural.Of(meta.Documents, "document", "documents"), dir, state, time.Since(start).Round(time.Millisecond))
			return nil
		},
	}
	pf.register(cmd, true)
	cmd.Flags().StringVar(&out, "out", "", "output folder; the catalog goes to OUT/"+build.CatalogDir)
	cmd.Flags().BoolVar(&force, "force", false, "rebuild even when the inputs are unchanged")
	return cmd
}
