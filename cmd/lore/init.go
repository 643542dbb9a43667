package main

import (
	"fmt"
	"path/filepath"
	"regexp"

	"github.com/spf13/afero"
	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/plural"
	"github.com/lorekit/lore/internal/scaffold"
)

func newInitCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:     "init [DIR]",
		GroupID: "build",
		Short:   "Start a project: lore.yaml, an example manual, a seed prompt and a CI workflow",
		Long: `Init writes a starter project into DIR (default: the current folder): a
commented lore.yaml with every key, an example manual with its routing
overview, a seed prompt for one engine and a GitHub Actions workflow
(.github/workflows/lore.yml) that lints every pull request with the lore
action, pinned to this lore's release (or main for a lore built from
source: pin a tag or commit there). The project lints and builds clean as
it is; edit it from there.

Init never overwrites anything: when any of its files exists, it names it,
writes nothing and exits with 2.`,
		Example: `  lore init
  lore init my-agent`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := "."
			if len(args) == 1 {
				dir = filepath.ToSlash(args[0])
			}
			written, err := scaffold.Write(afero.NewOsFs(), dir, actionRef(loreVersion()))
			if err != nil {
				return failure(err)
			}
			for _, p := range written {
				fmt.Fprintf(e.stderr, "lore init: wrote %s\n", p)
			}
			next := "lore lint && lore build"
			if dir != "." {
				next = fmt.Sprintf("cd %s && %s", dir, next)
			}
			fmt.Fprintf(e.stderr, "lore init: %s; next: %s\n", plural.Of(len(written), "file", "files"), next)
			return nil
		},
	}
}

// release matches a release version: vMAJOR.MINOR.PATCH.
var release = regexp.MustCompile(`^v\d+\.\d+\.\d+$`)

// actionRef is the ref of the lore action a scaffolded workflow uses: this
// lore's release tag, or "" (main) for a development build.
func actionRef(v string) string {
	if release.MatchString(v) {
		return v
	}
	return ""
}
