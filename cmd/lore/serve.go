package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/devserver"
)

func newServeCmd(e *env) *cobra.Command {
	var (
		pf   projectFlags
		addr string
	)
	cmd := &cobra.Command{
		Use:     "serve",
		GroupID: "build",
		Short:   "Build the site, serve it locally and rebuild on every change",
		Long: `Serve builds the project, serves the site on a local address and watches
manuals/, prompts/, content/, theme/ and lore.yaml. Every change rebuilds the
site and reloads the open pages. Rebuilds are incremental: an edited
manual's page is rewritten first, in milliseconds; then the pages that read
it, the how_do_i catalog and the search index are updated with what changed.

A build that fails (lint errors, a broken template, a bad lore.yaml) does not
stop the server: the last good build stays online, the errors are printed
here and shown over the page until the next good build.

The site is built into a temporary folder; public/ is not touched. Use
'lore build' to publish.`,
		Example: `  lore serve                         http://127.0.0.1:1313/
  lore serve --addr 127.0.0.1:8080
  lore serve --config docs/lore.yaml`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return usageError("cannot listen on --addr %s: %v", addr, err)
			}
			srv, err := devserver.New(devserver.Options{Project: pf.options(), Log: e.stderr})
			if err != nil {
				ln.Close()
				return failure(err)
			}
			defer srv.Close()
			srv.Rebuild()
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			if watch, err := srv.Watch(ctx); err != nil {
				fmt.Fprintf(e.stderr, "lore serve: %v; rebuilds are off\n", err)
			} else {
				go func() {
					if err := watch(); err != nil {
						fmt.Fprintf(e.stderr, "lore serve: %v; rebuilds are off\n", err)
					}
				}()
			}
			hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second,
				BaseContext: func(net.Listener) context.Context { return ctx }}
			go func() {
				<-ctx.Done()
				sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
				defer cancel()
				_ = hs.Shutdown(sctx)
			}()
			fmt.Fprintf(e.stderr, "lore serve: serving http://%s/ (Ctrl+C to stop)\n", ln.Addr())
			if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				return failure(err)
			}
			return nil
		},
	}
	pf.register(cmd, true)
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:1313", "address to listen on")
	return cmd
}
