package main

import (
	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/hosts"
)

func newHostsCmd(e *env) *cobra.Command {
	var (
		pf      projectFlags
		host    []string
		context int
		format  string
	)
	cmd := &cobra.Command{
		Use:     "hosts",
		GroupID: "ci",
		Short:   "Show what each agent host loads of the manuals, and where it cuts",
		Long: `Hosts simulates what each agent host puts into context of the project's
manuals and skills, from the host profiles (internal/hosts/profiles, with
lore.yaml's hosts: overrides):

  - the skill listing as the host renders it, its size against the host's
    budget (Claude Code: 1% of the context window at 4 characters per token;
    Codex: 2% of the window, or 8,000 characters when it is unknown), and
    every entry whose description is cut at the per-entry limit, shortened
    or dropped to fit the budget, left out, or refused (a name or a
    description the host does not accept), with the trigger words it loses;
  - the instruction chains (AGENTS.md, GEMINI.md, CLAUDE.md,
    copilot-instructions.md): the bytes of each file and where the cut falls.

Where a host drops descriptions by usage (Claude Code), lore cannot know
the usage: it shows the worst case and says so. Lore manuals appear as
'lore export' writes them (a valid Agent Skills name, the description with
its most distinctive words first); SKILL.md files as they are.

Without --host it shows the hosts lore.yaml targets (hosts: [claude-code,
codex]), or every known host. --context sets the context window in tokens
for every host. --format json prints the report of schemas/hosts.json.

Exit status: 0, also when a host cuts something (lore lint's host/* rules
turn that into findings for the hosts a project targets); 2 when the
command line or the project is wrong.`,
		Example: `  lore hosts
  lore hosts --host codex --context 272000
  lore hosts --host claude-code --format json
  lore hosts --manuals ../skills`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := textOrJSON(format); err != nil {
				return err
			}
			if context < 0 {
				return usageError("--context %d: give the context window in tokens, e.g. --context 200000", context)
			}
			p, err := pf.load()
			if err != nil {
				return failure(err)
			}
			r, err := build.Hosts(p, hosts.Options{Hosts: host, Window: context})
			if err != nil {
				return usageError("%v", err)
			}
			if format == "json" {
				err = hosts.WriteJSON(e.stdout, r)
			} else {
				err = hosts.WriteText(e.stdout, r)
			}
			if err != nil {
				return failure(err)
			}
			return nil
		},
	}
	pf.register(cmd, true)
	cmd.Flags().StringArrayVar(&host, "host", nil, "a host to show (repeatable): claude-code, codex, copilot, cursor, gemini-cli or a profile of lore.yaml")
	cmd.Flags().IntVar(&context, "context", 0, "the context window in tokens for every host (default: each profile's)")
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}
