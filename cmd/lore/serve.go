package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/devserver"
)

func newServeCmd(e *env) *cobra.Command {
	var (
		pf          projectFlags
		addr        string
		allowRemote bool
		failOn      string
	)
	cmd := &cobra.Command{
		Use:     "serve",
		GroupID: "build",
		Short:   "Build the site, serve it locally and rebuild on every change",
		Long: `Serve builds the project, serves the site on a local address and watches
manuals/, prompts/, content/, theme/ and lore.yaml. Every change rebuilds the
site and reloads the open pages. Rebuilds are incremental: only manuals
whose bytes changed are parsed, linted and rendered again, and the pages
that read them, the how_do_i catalog and the search index are updated with
what changed. When only manuals were edited, their pages are written and
reloaded first, from the last good build's navigation and links; the
rebuild follows and reloads whatever else the edit changed.

A build that fails (lint errors, a broken template, a bad lore.yaml) does not
stop the server: the last good build stays online, the errors are printed
here and shown over the page until the next good build.

The site is built into a temporary folder; public/ is not touched. Use
'lore build' to publish. Files are sent compressed when the browser accepts
it: the .br and .gz copies the build writes (brotli first, then gzip), pages
gzipped on the fly.

It listens on loopback only and answers only requests addressed to this
machine: a Host header other than localhost, 127.x or [::1] (on the port it
listens on), or an Origin header of another site, gets 403. That keeps web
pages from reading the site through DNS rebinding. A non-loopback --addr
needs --allow-remote: the site is then served to the network in plain HTTP,
without authentication.

--fail-on works as for 'lore build': with never, a corpus with lint errors
is served with its findings shown on its pages; errors of the security rules
and the safety floor fail its builds whatever --fail-on says.`,
		Example: `  lore serve                         http://127.0.0.1:1313/
  lore serve --addr 127.0.0.1:8080
  lore serve --config docs/lore.yaml
  lore serve --fail-on never         a corpus with lint errors, findings shown
  lore serve --addr 0.0.0.0:1313 --allow-remote   the whole network, no authentication`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := devserver.CheckAddr(addr, allowRemote); err != nil {
				return usageError("%v", err)
			}
			sev, never, err := parseFailOn(failOn)
			if err != nil {
				return err
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return usageError("cannot listen on --addr %s: %v", addr, err)
			}
			srv, err := devserver.New(devserver.Options{Project: pf.options(), Log: e.stderr, FailOn: sev, NeverFail: never})
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
			if err := srv.Serve(ctx, ln, allowRemote); err != nil {
				return failure(err)
			}
			return nil
		},
	}
	pf.register(cmd, true)
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:1313", "address to listen on (loopback unless --allow-remote)")
	cmd.Flags().StringVar(&failOn, "fail-on", "error", "fail a build on findings at least this severe: error, warning, info, or never")
	cmd.Flags().BoolVar(&allowRemote, "allow-remote", false, "allow a non-loopback --addr: the site is served to the network without authentication")
	return cmd
}
