package main

import (
	"context"
	"time"

	"github.com/spf13/afero"
	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/lsp"
)

func newLSPCmd(e *env) *cobra.Command {
	var config, dir string
	cmd := &cobra.Command{
		Use:     "lsp",
		GroupID: "runtime",
		Short:   "Serve the Language Server Protocol over stdin and stdout, for editors",
		Long: `Lsp is a language server (LSP 3.17 over stdin and stdout) for VS Code,
Neovim, Helix, Zed and any other editor with an LSP client. It shows the
findings of lore lint as you type (project-wide rules refresh on save),
hover and go to definition for manual_read('x') (the manual the cascade
resolves, with its summary, triggers and the manuals it shadows),
references (who reads this manual), completion of manual names, header
keys, audiences and tools, a code action for every fix lore lint --fix
knows, and the sections of a manual as document symbols.

The project is the workspace folder the editor opens (or --dir); unsaved
text counts. stdout carries nothing but the protocol.`,
		Example: `  lore lsp
  lore lsp --dir ~/docs`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			err := lsp.Serve(context.Background(), e.stdin, e.stdout,
				lsp.Options{FS: afero.NewOsFs(), Dir: dir, ConfigFile: config, Version: loreVersion(), Log: e.stderr, Debounce: 150 * time.Millisecond})
			if err != nil {
				return failure(err)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&config, "config", "", "project file (default: lore.yaml in the project folder, if any)")
	cmd.Flags().StringVar(&dir, "dir", "", "project folder (default: the workspace folder the editor names)")
	return cmd
}
