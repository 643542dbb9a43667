package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/search"
)

func newHowdoiCmd(e *env) *cobra.Command {
	var (
		cf      catalogFlags
		format  string
		explain bool
	)
	cmd := &cobra.Command{
		Use:     "howdoi INTENT",
		GroupID: "runtime",
		Short:   "Route a request to the manual that answers it (how_do_i)",
		Long: `Howdoi answers how_do_i(intent) as an agent runtime would: it routes a
request, in English or German, through the catalog and prints one of

  loaded        the manual that clearly answers it, with its content
  alternatives  a few candidates when none is clearly ahead
  hint          advice when nothing fits

Only manuals the engine may see are ever returned: a manual whose audience
is another engine, or whose requires-tools are not all in the allow-set, is
never shown. --engine names the engine (its recipe's manualPaths and tools
apply); --tools overrides the allow-set. Without --engine, the audience is
not checked and a name found twice is the first file in path order, as for
'lore read'; without --tools and a recipe, tools are not checked.

Without --catalog, the project's catalog (public/lore/catalog.bleve) is
used and built first when it is missing or its manuals changed; with
--manuals, a catalog of those folders is built for this one question.
Such a catalog is not a build's, so a manual it would load in which lint
finds an error of a security rule is withheld: the answer is a hint that
says so, and the errors go to stderr (a runtime given lore build's output
never loads it: the build fails on them).

--format json prints exactly one of {"loaded":{...}}, {"alternatives":[...]}
or {"hint":"..."}. Exit status: 0 for any answer, 2 for a usage,
configuration or catalog failure.`,
		Example: `  lore howdoi "show a chart inline"
  lore howdoi "Diagramm im Chat anzeigen" --engine arthur
  lore howdoi "fetch a web page" --tools web_fetch,manual_read --format json
  lore howdoi "review my pull request" --catalog public/lore/catalog.bleve`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := textOrJSON(format); err != nil {
				return err
			}
			if strings.TrimSpace(args[0]) == "" {
				return usageError("the intent is empty: say what you want to do, e.g. lore howdoi \"show a chart inline\"")
			}
			c, v, closeFn, err := cf.ask()
			if err != nil {
				return err
			}
			defer closeFn()
			if explain {
				s, err := c.Explain(args[0], v, search.DefaultThresholds())
				if err != nil {
					return failure(err)
				}
				return writeContent(e.stdout, s)
			}
			a, err := c.HowDoI(args[0], v)
			if err != nil {
				return failure(err)
			}
			if cf.project != nil {
				if err := lint.Write(e.stderr, "text", lint.Report{Diagnostics: build.WithholdLoaded(cf.project, a)}); err != nil {
					return failure(err)
				}
			}
			if format == "json" {
				b, err := json.Marshal(a)
				if err != nil {
					return failure(err)
				}
				fmt.Fprintf(e.stdout, "%s\n", b)
				return nil
			}
			writeAnswer(e, a)
			return nil
		},
	}
	cf.register(cmd)
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	cmd.Flags().BoolVar(&explain, "explain", false, "print how the best candidates were scored instead of the answer")
	return cmd
}

func writeAnswer(e *env, a *search.Answer) {
	switch {
	case a.Loaded != nil:
		l := a.Loaded
		fmt.Fprintf(e.stdout, "loaded: %s (%s, score %.2f)\n", diag.Printable(l.Name), diag.Printable(l.Path), l.Score)
		if l.Summary != "" {
			fmt.Fprintf(e.stdout, "  %s\n", diag.Printable(l.Summary))
		}
		fmt.Fprintf(e.stdout, "\n%s", l.Content)
		if !strings.HasSuffix(l.Content, "\n") {
			fmt.Fprintln(e.stdout)
		}
	case len(a.Alternatives) > 0:
		fmt.Fprintln(e.stdout, "alternatives (none is clearly ahead; load one with manual_read('name')):")
		for _, h := range a.Alternatives {
			fmt.Fprintf(e.stdout, "  %s (%s, score %.2f)\n", diag.Printable(h.Name), diag.Printable(h.Path), h.Score)
			if h.Summary != "" {
				fmt.Fprintf(e.stdout, "    %s\n", diag.Printable(h.Summary))
			}
		}
	default:
		fmt.Fprintf(e.stdout, "hint: %s\n", diag.Printable(a.Hint))
	}
}
