package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/plural"
	"github.com/lorekit/lore/internal/search"
)

func newEvalCmd(e *env) *cobra.Command {
	var (
		cf        catalogFlags
		minTop1   float64
		minTop3   float64
		worst     int
		calibrate bool
		save      string
		with      []string
	)
	cmd := &cobra.Command{
		Use:     "eval FILE.tsv",
		GroupID: "ci",
		Short:   "Measure routing quality over labelled intents",
		Long: `Eval routes every intent of a labelled set through the catalog and reports
how well how_do_i does, per language and overall:

  top-1, top-3, MRR   where the expected manual ranks
  loaded right        in-scope intents that loaded an expected manual
  wrong load          in-scope intents that loaded another manual
  NONE safe           out-of-scope intents answered with a hint or
                      alternatives, never a load

then the in-scope intents that did not load an expected manual, by cause —
so the next round knows where to push:

  no candidate        no expected manual among the 10 best candidates:
                      the intent's words do not reach it (vocabulary)
  ranked below        an expected manual is a candidate, below another
                      (ranking)
  first, not loaded   ranked first, but answered with alternatives or a
                      hint (not clearly ahead, or too little evidence)
  wrong load          another manual was loaded

then the worst misses (each with its cause; --worst 0 prints none, nor the
out-of-scope intents that loaded a manual) and the pairs of manuals the set confuses most, with
the triggers each pair shares (compared as the router compares them) and
whether the lint rule triggers/overlap flags the pair: a confused pair that
shares triggers wants more specific triggers.

The set is tab-separated: id, lang, intent, expected. expected is a manual
path relative to the manual root (several separated by '|'), or NONE for an
intent no manual should answer. A document inside an Agent Skills folder
counts as its SKILL.md, which is what routing answers with. Lines starting
with '#' and a header line starting with 'id' are skipped.

--calibrate searches the thresholds that decide loaded / alternatives /
hint on this set and prints them beside the current ones. To calibrate over
several sets that need different catalogs (the example manuals, a corpus),
save each set's outcomes with --save-outcomes and add them to the last run
with --calibrate-with (make calibrate does this for testdata/eval).

--engine asks as that engine, as howdoi does: only manuals of its audience
that its recipe's manualPaths reach and whose requires-tools its allow-set
(--tools, or its recipe's tools) holds are candidates. An expected manual
the engine cannot see is an error: the set does not fit the engine. Without
--engine every manual is a candidate.

Exit status: 0, or 1 when top-1 or top-3 is under --min-top1 / --min-top3
(fractions such as 0.85, or percentages such as 85); 2 for a bad set or a
catalog failure.`,
		Example: `  lore eval testdata/eval/example.tsv --min-top1 0.9
  lore eval testdata/eval/corpus.tsv --manuals ../shared/corpus
  lore eval intents.tsv --catalog public --engine arthur --calibrate
  lore eval testdata/eval/example.tsv --calibrate --calibrate-with corpus.outcomes.json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := os.Open(args[0])
			if err != nil {
				return failure(fmt.Errorf("cannot read the eval set: %w", err))
			}
			cases, err := search.ParseCases(f, args[0])
			f.Close()
			if err != nil {
				return failure(err)
			}
			c, v, closeFn, err := cf.ask()
			if err != nil {
				return err
			}
			defer closeFn()
			outs, err := c.Eval(cases, v, search.DefaultThresholds())
			if err != nil {
				return failure(fmt.Errorf("%s: %w", args[0], err))
			}
			if save != "" {
				if err := writeOutcomes(save, outs); err != nil {
					return failure(err)
				}
			}
			r := search.Summarize(outs)
			triggers, err := c.Triggers()
			if err != nil {
				return failure(err)
			}
			r.Annotate(triggers)
			fmt.Fprintf(e.stdout, "routing eval: %s (%s, catalog of %s)\n\n", args[0], plural.Of(len(outs), "intent", "intents"), plural.Of(c.Meta().Documents, "document", "documents"))
			if err := r.Write(e.stdout, worst); err != nil {
				return failure(err)
			}
			if calibrate {
				pool := outs
				for _, f := range with {
					more, err := readOutcomes(f)
					if err != nil {
						return failure(err)
					}
					pool = append(pool, more...)
				}
				best, res := search.Calibrate(pool)
				fmt.Fprintf(e.stdout, "\nthresholds  current: %s\n            best:    %s\n            (%s)\n",
					search.DefaultThresholds(), best, res)
			}
			failed := false
			for _, g := range []struct {
				name      string
				got, want float64
			}{{"top-1", r.Total.Top1, minTop1}, {"top-3", r.Total.Top3, minTop3}} {
				want := g.want
				if want > 1 {
					want /= 100
				}
				if g.want > 0 && g.got < want {
					fmt.Fprintf(e.stderr, "lore eval: %s %.1f%% is under the threshold %.1f%%\n", g.name, 100*g.got, 100*want)
					failed = true
				}
			}
			if failed {
				return findings()
			}
			return nil
		},
	}
	cf.register(cmd)
	cmd.Flags().Float64Var(&minTop1, "min-top1", 0, "exit 1 when top-1 over all in-scope intents is under this (0.85 or 85)")
	cmd.Flags().Float64Var(&minTop3, "min-top3", 0, "exit 1 when top-3 is under this")
	cmd.Flags().IntVar(&worst, "worst", 10, "how many worst misses and confused pairs to print")
	cmd.Flags().BoolVar(&calibrate, "calibrate", false, "search the loaded/alternatives/hint thresholds that fit this set best")
	cmd.Flags().StringVar(&save, "save-outcomes", "", "write the ranked candidates of every intent to this file (JSON lines) for --calibrate-with")
	cmd.Flags().StringSliceVar(&with, "calibrate-with", nil, "with --calibrate: also calibrate over outcomes saved from other sets (comma-separated files)")
	return cmd
}

func writeOutcomes(name string, outs []search.Outcome) error {
	f, err := os.Create(name)
	if err != nil {
		return fmt.Errorf("cannot write the outcomes: %w", err)
	}
	if err := search.WriteOutcomes(f, outs); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", name, err)
	}
	return f.Close()
}

func readOutcomes(name string) ([]search.Outcome, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("cannot read saved outcomes: %w", err)
	}
	defer f.Close()
	return search.ReadOutcomes(f, name)
}
