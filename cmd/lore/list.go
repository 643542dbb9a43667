package main

import (
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/plural"
)

func newListCmd(e *env) *cobra.Command {
	var (
		cf     catalogFlags
		format string
	)
	cmd := &cobra.Command{
		Use:     "list",
		GroupID: "runtime",
		Short:   "List the manuals an engine can see (manual_list)",
		Long: `List answers manual_list(): every manual (and tool description) the engine
can discover, sorted by name, with its summary and path. Visibility is the
same as for howdoi: a manual whose audience is another engine, or whose
requires-tools are not all in the allow-set, is not listed; with --engine,
only what the engine's recipe manualPaths reach is, and of a name found
twice only the first manual the engine can see (as 'lore read' answers).

Documents inside an Agent Skills folder are listed through their SKILL.md
('lore read' on the skill lists them).

Listing from the sources (no --catalog), a manual that lint finds errors
of the security rules in is withheld, as lore build would not publish it:
its findings are printed on stderr.

--format json prints {"manuals":[{"name","summary","path"}...]}.`,
		Example: `  lore list
  lore list --engine arthur --format json
  lore list --tools manual_read,web_fetch`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := textOrJSON(format); err != nil {
				return err
			}
			c, v, closeFn, err := cf.ask()
			if err != nil {
				return err
			}
			defer closeFn()
			hits, err := c.List(v)
			if err != nil {
				return failure(err)
			}
			// From the sources, a manual lore build would not publish
			// (security errors) is not listed, as manual_list would not.
			withheld := 0
			if cf.project != nil {
				bad, ds := build.WithheldManuals(cf.project)
				kept := hits[:0]
				for _, h := range hits {
					if bad[h.Path] {
						withheld++
						continue
					}
					kept = append(kept, h)
				}
				hits = kept
				if err := lint.Write(e.stderr, "text", lint.Report{Diagnostics: ds}); err != nil {
					return failure(err)
				}
			}
			if format == "json" {
				type item struct {
					Name    string `json:"name"`
					Summary string `json:"summary"`
					Path    string `json:"path"`
				}
				items := make([]item, len(hits))
				for i, h := range hits {
					items[i] = item{h.Name, h.Summary, h.Path}
				}
				b, err := json.MarshalIndent(struct {
					Manuals []item `json:"manuals"`
				}{items}, "", "  ")
				if err != nil {
					return failure(err)
				}
				fmt.Fprintf(e.stdout, "%s\n", b)
				return nil
			}
			tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
			for _, h := range hits {
				fmt.Fprintf(tw, "%s\t%s\t%s\n", h.Name, h.Path, clip(h.Summary, 72))
			}
			if err := tw.Flush(); err != nil {
				return failure(err)
			}
			fmt.Fprintf(e.stderr, "lore list: %d of %s visible", len(hits), plural.Of(c.Meta().Documents, "entry", "entries"))
			if withheld > 0 {
				fmt.Fprintf(e.stderr, "; %s withheld (errors of the security rules, printed above)", plural.Of(withheld, "manual", "manuals"))
			}
			fmt.Fprintln(e.stderr)
			return nil
		},
	}
	cf.register(cmd)
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}

// clip shortens s to n runes with an ellipsis.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
