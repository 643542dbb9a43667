package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/search"
)

// catalogFlags select a catalog and who asks it: the shared flags of
// howdoi, list and eval.
type catalogFlags struct {
	projectFlags
	catalog string
	engine  string
	tools   string
	cmd     *cobra.Command
	// project is the project a catalog was built from (nil for
	// --catalog): what lint finds in its manuals can be asked.
	project *build.Project
}

func (f *catalogFlags) register(cmd *cobra.Command) {
	f.cmd = cmd
	f.projectFlags.register(cmd, true)
	cmd.Flags().StringVar(&f.catalog, "catalog", "", "catalog folder (default: the project's public/lore/catalog.bleve, built when missing or stale)")
	cmd.Flags().StringVar(&f.engine, "engine", "", "ask as this engine: only manuals for it and reached by its recipe's manualPaths")
	cmd.Flags().StringVar(&f.tools, "tools", "", "the allow-set, comma-separated (default: the engine's recipe tools; without a recipe, tools are not checked)")
}

// open opens the catalog: --catalog DIR (a catalog folder, or an output
// folder holding lore/catalog.bleve); with --manuals, a temporary catalog of
// those folders; otherwise the project's built catalog. close releases it.
func (f *catalogFlags) open() (c *search.Catalog, closeFn func(), err error) {
	if f.catalog != "" {
		dir := f.catalog
		if !search.Exists(dir) {
			if inner := filepath.Join(dir, filepath.FromSlash(build.CatalogDir)); search.Exists(inner) {
				dir = inner
			}
		}
		c, err := search.Open(dir)
		if err != nil {
			return nil, nil, err
		}
		return c, func() { c.Close() }, nil
	}
	p, err := f.load()
	if err != nil {
		return nil, nil, err
	}
	if len(f.manuals) > 0 {
		tmp, err := os.MkdirTemp("", "lore-catalog-")
		if err != nil {
			return nil, nil, err
		}
		dir := filepath.Join(tmp, "catalog.bleve")
		if _, err := search.Build(dir, p.CatalogSource()); err != nil {
			os.RemoveAll(tmp)
			return nil, nil, err
		}
		c, err := search.Open(dir)
		if err != nil {
			os.RemoveAll(tmp)
			return nil, nil, err
		}
		return c, func() { c.Close(); os.RemoveAll(tmp) }, nil
	}
	f.project = p
	dir, notes, err := build.ProjectCatalog(p)
	for _, n := range notes {
		fmt.Fprintf(f.cmd.ErrOrStderr(), "lore %s: cache: %s\n", f.cmd.Name(), diag.Printable(n))
	}
	if err != nil {
		return nil, nil, err
	}
	c, err = search.Open(dir)
	if err != nil {
		return nil, nil, err
	}
	return c, func() { c.Close() }, nil
}

// ask opens the catalog and resolves --engine and --tools against it: who
// asks, and what they may see. Its errors are the command's (a failure, or
// a usage error for an unknown engine); closeFn releases the catalog.
func (f *catalogFlags) ask() (c *search.Catalog, v search.Visibility, closeFn func(), err error) {
	c, closeFn, err = f.open()
	if err != nil {
		return nil, v, nil, failure(err)
	}
	given := f.cmd.Flags().Changed("tools")
	v, err = c.VisibilityFor(f.engine, splitComma(f.tools), given)
	if err != nil {
		closeFn()
		return nil, v, nil, usageError("%v", err)
	}
	return c, v, closeFn, nil
}

// textOrJSON checks a --format flag that takes text or json.
func textOrJSON(format string) error {
	if format != "text" && format != "json" {
		return usageError("unknown --format %q: use text or json", format)
	}
	return nil
}

func splitComma(s string) []string {
	out := []string{}
	for _, t := range strings.Split(s, ",") {
		if t = strings.TrimSpace(t); t != "" {
			out = append(out, t)
		}
	}
	return out
}
