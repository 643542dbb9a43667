package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/mcpserver"
)

func newMCPCmd(e *env) *cobra.Command {
	var (
		pf          projectFlags
		engine      string
		tools       []string
		public      string
		httpAddr    string
		allowRemote bool
		watch       bool
	)
	cmd := &cobra.Command{
		Use:     "mcp",
		GroupID: "runtime",
		Short:   "Serve manuals, how_do_i, bundles and task templates over MCP",
		Long: `Mcp serves the project to any agent over the Model Context Protocol:

  tools        manual_list, manual_read(name), how_do_i(intent)
  resources    lore://manual/<name> (Markdown) and lore://manifest
  prompts      every baked bundle and every task template (prompts/templates)
  skills       every manual as an Agent Skill, skill://<name>/SKILL.md with its
               files and their sha256 digests (the MCP Skills extension:
               skills/list, skills/get, resources/directory/read)
  completions  manual names, skill paths, engines and the choices a task
               template's argument-hint lists

It serves what 'lore build' produced in public/ (or --public), building it
first when it is missing or older than the manuals, so that how_do_i and
manual_read answer from the same manuals. With --watch it rebuilds whenever a
manual, prompt, content page or lore.yaml changes and tells connected
clients that its lists changed.

By default it speaks MCP over stdin and stdout, the way a client starts it
as a subprocess; stdout carries nothing else. With --http it serves the
streamable HTTP transport at http://HOST:PORT/mcp instead, on a loopback
address only. A non-loopback address needs --allow-remote and a bearer token
of at least 16 characters in $` + mcpserver.TokenEnv + `; every request must then carry
'Authorization: Bearer <token>' (the token is also enforced on loopback
when set). Only requests addressed to this machine are answered: a Host
header other than localhost, 127.x or [::1] (on the port it listens on; with
--allow-remote also its network addresses), or an Origin header that is not
a page of this machine, gets 403 (DNS rebinding protection).

--engine answers as one engine: its recipe's manual cascade, its manuals
(audience) and its bundles; --tools replaces the engine's allow-set.`,
		Example: `  lore mcp                                   stdio, for a client that starts it
  lore mcp --engine arthur --watch
  lore mcp --http 127.0.0.1:8765
  LORE_MCP_TOKEN=$(openssl rand -hex 32) lore mcp --http 0.0.0.0:8765 --allow-remote`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ho := mcpserver.HTTPOptions{Addr: httpAddr, AllowRemote: allowRemote, Token: os.Getenv(mcpserver.TokenEnv), Warn: e.stderr}
			if httpAddr != "" {
				if err := mcpserver.CheckAddr(ho); err != nil {
					return usageError("%v", err)
				}
			} else if allowRemote {
				return usageError("--allow-remote only applies to --http")
			}
			log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
			pf.outGiven = public != "" // the output served is the command line's
			srv, err := mcpserver.New(mcpserver.Options{
				Project: pf.options(), Public: public, Engine: engine,
				Tools: splitTools(tools), ToolsGiven: cmd.Flags().Changed("tools"),
				OpenRouter: mcpserver.OpenCatalog, Logger: log, Version: loreVersion(),
			})
			if err != nil {
				var be *mcpserver.BuildError
				if errors.As(err, &be) {
					_ = lint.Write(e.stderr, "text", be.Lint)
					fmt.Fprintf(e.stderr, "lore mcp: %v\n", err)
					return findings()
				}
				return failure(err)
			}
			defer srv.Close()

			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			if watch {
				run, err := srv.Watch(ctx, func(err error) {
					if err == nil {
						fmt.Fprintf(e.stderr, "lore mcp: rebuilt: %s\n", srv.Summary())
					}
				})
				if err != nil {
					fmt.Fprintf(e.stderr, "lore mcp: not watching: %v\n", err)
				} else {
					go func() {
						if err := run(); err != nil {
							fmt.Fprintf(e.stderr, "lore mcp: not watching: %v\n", err)
						}
					}()
				}
			}
			if httpAddr == "" {
				fmt.Fprintf(e.stderr, "lore mcp: serving %s over stdio\n", srv.Summary())
				err = srv.ServeStdio(ctx, e.stdin, e.stdout)
			} else {
				ho.Ready = func(url string) {
					fmt.Fprintf(e.stderr, "lore mcp: serving %s at %s\n", srv.Summary(), url)
				}
				err = srv.ServeHTTP(ctx, ho)
			}
			if err != nil {
				return failure(err)
			}
			return nil
		},
	}
	pf.register(cmd, false)
	cmd.Flags().StringVar(&engine, "engine", "", "answer as this engine (its recipe's cascade, manuals and bundles)")
	cmd.Flags().StringSliceVar(&tools, "tools", nil, "allow-set of tools for manual_list and how_do_i (default: the engine's recipe tools)")
	cmd.Flags().StringVar(&public, "public", "", "build output to serve (default: public/ of the project)")
	cmd.Flags().StringVar(&httpAddr, "http", "", "serve streamable HTTP on HOST:PORT (e.g. 127.0.0.1:8765) instead of stdio")
	cmd.Flags().BoolVar(&allowRemote, "allow-remote", false, "allow a non-loopback --http address (needs $"+mcpserver.TokenEnv+")")
	cmd.Flags().BoolVar(&watch, "watch", false, "rebuild and reload when the sources change")
	return cmd
}

// splitTools trims the names of a --tools list and drops empty ones.
func splitTools(in []string) []string {
	out := []string{}
	for _, t := range in {
		if t = strings.TrimSpace(t); t != "" {
			out = append(out, t)
		}
	}
	return out
}
