package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/rogpeppe/go-internal/diff"
	"github.com/spf13/cobra"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/prompt"
)

func newPromptCmd(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "prompt",
		GroupID: "prompt",
		Short:   "Show, compare, size and edit the layered prompts",
		Long: `Prompt works on the project's prompts/: engine prompts split into blocks,
addon fragments, editable layers (shared → project → surface/<kind> → bot/<name>
→ chat/<name> → agents/<role>), library blocks and task templates.

A bundle is one recipe × surface × role × provider. Commands that show a
bundle take the recipe and pick the recipe's first surface and provider and
no role unless told otherwise.`,
		Example: `  lore prompt show arthur --surface cli --provenance
  lore prompt show arthur --role reviewer --format json
  lore prompt diff arthur
  lore prompt size
  lore prompt roles
  lore prompt expand review target=README.md focus=clarity
  lore prompt set guardrails --layer project --file more-guardrails.md
  lore prompt reset identity --layer surface/chat`,
	}
	for _, mk := range []func(*env) *cobra.Command{newPromptShowCmd, newPromptDiffCmd, newPromptSizeCmd, newPromptRolesCmd,
		newPromptExpandCmd, newPromptSetCmd, newPromptResetCmd, newPromptEditCmd} {
		cmd.AddCommand(mk(e))
	}
	return cmd
}

// selectionFlags pick one bundle of a recipe.
type selectionFlags struct{ surface, role, provider string }

func (f *selectionFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.surface, "surface", "", "surface (default: the recipe's first)")
	cmd.Flags().StringVar(&f.role, "role", "", "role, one the recipe admits (default: none)")
	cmd.Flags().StringVar(&f.provider, "provider", "", "provider, which decides the render style (default: the recipe's first)")
}

func (f *selectionFlags) selection(recipe string) prompt.Selection {
	return prompt.Selection{Recipe: recipe, Surface: f.surface, Role: f.role, Provider: f.provider}
}

// bakeOne bakes the selected bundle and prints its errors to stderr.
func bakeOne(e *env, pf *projectFlags, sel prompt.Selection, seedOnly bool) (*bundle.Bundle, bool, error) {
	p, err := pf.load()
	if err != nil {
		return nil, false, failure(err)
	}
	b, ds, err := build.BakeOne(p, sel, seedOnly)
	if err != nil {
		// An unknown recipe, surface or provider, or an unadmitted role
		// (bundle.ErrUnadmittedRole): refused, never ignored.
		return nil, false, usageError("%v", err)
	}
	failed := false
	for _, d := range ds {
		if d.Severity == diag.Error {
			fmt.Fprintln(e.stderr, d.String())
			failed = true
		}
	}
	return b, failed, nil
}

func newPromptShowCmd(e *env) *cobra.Command {
	var (
		pf         projectFlags
		sf         selectionFlags
		provenance bool
		format     string
	)
	cmd := &cobra.Command{
		Use:   "show RECIPE",
		Short: "Print the effective prompt of one bundle",
		Long: `Show prints the effective prompt of one bundle exactly as lore build bakes
it: the cached prefix, then the per-turn tail (its {{ turn.NAME }} placeholders
are filled by the runtime on every turn).

--provenance adds a column naming the layer and source file of every block,
and of every guardrail and surface note. --format json prints the bundle file
itself, byte for byte what lore build writes to public/lore/bundles/<id>.json.

Exit status: 0, or 1 when a prompt of the bundle has errors (printed to
stderr), or 2 for an unknown recipe, surface, provider or an unadmitted role.`,
		Example: `  lore prompt show arthur
  lore prompt show arthur --surface cli --provider openai --provenance
  lore prompt show marvin --role reviewer --format json > bundle.json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := textOrJSON(format); err != nil {
				return err
			}
			b, failed, err := bakeOne(e, &pf, sf.selection(args[0]), false)
			if err != nil {
				return err
			}
			switch {
			case format == "json":
				data, err := b.Marshal()
				if err != nil {
					return failure(err)
				}
				_, err = e.stdout.Write(data)
				if err != nil {
					return failure(err)
				}
			case provenance:
				writeProvenance(e.stdout, b)
			default:
				if err := writeContent(e.stdout, effective(b)); err != nil {
					return failure(err)
				}
			}
			if failed {
				return findings()
			}
			return nil
		},
	}
	pf.register(cmd, false)
	sf.register(cmd)
	cmd.Flags().BoolVar(&provenance, "provenance", false, "add a column naming each block's layer and source")
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json (the bundle file)")
	return cmd
}

// effective is the prompt a bundle starts a turn with: the prefix, then,
// after a blank line, the tail with its placeholders.
func effective(b *bundle.Bundle) string {
	if b.Tail == "" {
		return b.Prefix
	}
	return b.Prefix + "\n" + b.Tail
}

// writeProvenance prints the prompt with a left column naming, for each
// block (and each item of a concatenated block), its layer and source.
func writeProvenance(w io.Writer, b *bundle.Bundle) {
	type row struct{ layer, source, text string }
	var rows []row
	section := func(blocks []bundle.Composed, dynamic bool) {
		first := true
		for _, cb := range blocks {
			if cb.Dynamic != dynamic || cb.Text == "" {
				continue
			}
			if !first {
				rows = append(rows, row{})
			}
			first = false
			lines := strings.Split(bundle.Section(b.Style, cb.Name, cb.Text), "\n")
			origin := make([]bundle.Part, len(lines))
			if len(cb.Parts) > 0 {
				origin[0] = cb.Parts[len(cb.Parts)-1]
			}
			if items := cb.Items(); len(items) > 0 {
				// Give every item's first line the layer it came from.
				at := 0
				for _, it := range items {
					head, _, _ := strings.Cut(it.Text, "\n")
					for i := at; i < len(lines); i++ {
						if lines[i] == head {
							origin[i], at = cb.Parts[it.Part], i+1
							break
						}
					}
				}
				origin[0] = bundle.Part{}
			}
			for i, l := range lines {
				rows = append(rows, row{origin[i].Layer, origin[i].Source, l})
			}
		}
	}
	section(b.Blocks, false)
	if b.Tail != "" {
		rows = append(rows, row{}, row{text: "-- tail: per-turn, filled by the runtime --"}, row{})
		section(b.Blocks, true)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", r.layer, r.source, strings.TrimRight("| "+r.text, " "))
	}
	tw.Flush()
}

func newPromptDiffCmd(e *env) *cobra.Command {
	var (
		pf projectFlags
		sf selectionFlags
	)
	cmd := &cobra.Command{
		Use:   "diff RECIPE",
		Short: "Compare a bundle with its engine's own prompt (the seed layer alone)",
		Long: `Diff answers "what did the layers change?": it composes the bundle twice,
once with every layer and once with the seed tier alone (engine prompt,
library blocks, addon fragments), and prints a unified diff of the two.`,
		Example: `  lore prompt diff arthur
  lore prompt diff arthur --surface cli --role reviewer`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			seed, failed, err := bakeOne(e, &pf, sf.selection(args[0]), true)
			if err != nil {
				return err
			}
			full, _, err := bakeOne(e, &pf, sf.selection(args[0]), false)
			if err != nil {
				return err
			}
			d := diff.Diff("seed/"+full.ID, []byte(effective(seed)), "layers/"+full.ID, []byte(effective(full)))
			if len(d) == 0 {
				fmt.Fprintf(e.stderr, "lore prompt diff: the layers change nothing in %s\n", full.ID)
			}
			if err := writeContent(e.stdout, string(d)); err != nil {
				return failure(err)
			}
			if failed {
				return findings()
			}
			return nil
		},
	}
	pf.register(cmd, false)
	sf.register(cmd)
	return cmd
}

func newPromptSizeCmd(e *env) *cobra.Command {
	var pf projectFlags
	cmd := &cobra.Command{
		Use:   "size [RECIPE]",
		Short: "Bytes and tokens per layer and the headroom to each budget",
		Long: `Size prints, for every bundle (of RECIPE, or of every recipe), the bytes and
tokens each contributing block adds, the prefix total against the recipe's
budget and the headroom left. The prefix is what every turn pays for; the
tail is listed apart.`,
		Example: `  lore prompt size
  lore prompt size arthur`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := pf.load()
			if err != nil {
				return failure(err)
			}
			b, err := build.Bake(p)
			if err != nil {
				return failure(err)
			}
			var shown []*bundle.Bundle
			for _, bd := range b.Bundles {
				if len(args) == 0 || bd.Recipe == args[0] {
					shown = append(shown, bd)
				}
			}
			if len(shown) == 0 {
				if len(args) > 0 {
					return usageError("no bundles for recipe %q", args[0])
				}
				fmt.Fprintln(e.stderr, "lore prompt size: the project bakes no bundles (no prompts/<engine>.md)")
				return nil
			}
			over := false
			for i, bd := range shown {
				if i > 0 {
					fmt.Fprintln(e.stdout)
				}
				over = writeSize(e.stdout, bd) || over
			}
			if over {
				return findings()
			}
			return nil
		},
	}
	pf.register(cmd, false)
	return cmd
}

// writeSize prints one bundle's size report and reports whether it is over
// budget.
func writeSize(w io.Writer, b *bundle.Bundle) bool {
	budget := "no budget"
	if b.Budget > 0 {
		head := b.Budget - b.Tokens
		if head >= 0 {
			budget = fmt.Sprintf("budget %d, headroom %d (%d%%)", b.Budget, head, 100*head/b.Budget)
		} else {
			budget = fmt.Sprintf("budget %d, OVER by %d", b.Budget, -head)
		}
	}
	fmt.Fprintf(w, "%s  prefix %d bytes, %d tokens; %s\n", b.ID, b.Bytes, b.Tokens, budget)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "  layer\tblock\t%7s\t%7s\tsource\n", "bytes", "tokens")
	dynamic := map[string]bool{}
	for _, cb := range b.Blocks {
		dynamic[cb.Name] = cb.Dynamic
	}
	for _, d := range b.Layers {
		if !dynamic[d.Block] {
			fmt.Fprintf(tw, "  %s\t%s\t%7d\t%7d\t%s\n", d.Layer, d.Block, d.Bytes, d.Tokens, d.Source)
		}
	}
	tw.Flush()
	if b.Tail != "" {
		fmt.Fprintf(w, "  tail (per turn, not budgeted): %d bytes, %d tokens\n", len(b.Tail), b.TailTokens)
	}
	return b.OverBudget()
}

func newPromptRolesCmd(e *env) *cobra.Command {
	var pf projectFlags
	cmd := &cobra.Command{
		Use:   "roles",
		Short: "List the roles, what each narrows and which recipes admit it",
		Long: `Roles lists every role layer (prompts/layers/agents/<role>/) with the blocks
it sets and the recipes that admit it, and every role a recipe names that
has no layer (such a role is refused, never silently ignored).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := pf.load()
			if err != nil {
				return failure(err)
			}
			set := build.LoadPrompts(p)
			blocks := map[string][]string{}
			for _, l := range set.Layers {
				if l.Kind == bundle.Agent {
					blocks[l.Name] = append(blocks[l.Name], l.Block)
				}
			}
			admitted := map[string][]string{}
			for _, r := range p.Config.Recipes {
				for _, role := range r.Roles {
					admitted[role] = append(admitted[role], r.Name)
				}
			}
			var names []string
			for n := range blocks {
				names = append(names, n)
			}
			for n := range admitted {
				if blocks[n] == nil {
					names = append(names, n)
				}
			}
			slices.Sort(names)
			if len(names) == 0 {
				fmt.Fprintln(e.stderr, "lore prompt roles: no roles (a role is a folder prompts/layers/agents/<role>/)")
				return nil
			}
			tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "role\tsets\tadmitted by")
			missing := false
			for _, n := range names {
				sets := strings.Join(blocks[n], ", ")
				if sets == "" {
					sets = "MISSING: no prompts/layers/agents/" + n + "/"
					missing = true
				}
				by := strings.Join(admitted[n], ", ")
				if by == "" {
					by = "no recipe"
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\n", n, sets, by)
			}
			tw.Flush()
			if missing {
				return findings()
			}
			return nil
		},
	}
	pf.register(cmd, false)
	return cmd
}

func newPromptExpandCmd(e *env) *cobra.Command {
	var pf projectFlags
	cmd := &cobra.Command{
		Use:   "expand TEMPLATE [key=value]...",
		Short: "Expand a task template with arguments",
		Long: `Expand prints a task template (prompts/templates/<name>.prompt.md) with its
${arg} placeholders replaced by the key=value arguments. A placeholder without
an argument becomes empty, with one warning on stderr; extra arguments are
ignored. Without arguments it lists the templates.`,
		Example: `  lore prompt expand
  lore prompt expand explain topic="prompt caching" audience="new engineers"`,
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := pf.load()
			if err != nil {
				return failure(err)
			}
			set := build.LoadPrompts(p)
			if len(args) == 0 {
				tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
				for _, t := range set.Templates {
					fmt.Fprintf(tw, "%s\t%s\t%s\n", t.Name, t.ArgumentHint, t.Description)
				}
				return tw.Flush()
			}
			t := set.Template(args[0])
			if t == nil {
				var names []string
				for _, t := range set.Templates {
					names = append(names, t.Name)
				}
				return usageError("unknown template %q (templates: %s)", args[0], strings.Join(names, ", "))
			}
			vals := map[string]string{}
			for _, a := range args[1:] {
				k, v, ok := strings.Cut(a, "=")
				if !ok || k == "" {
					return usageError("argument %q: write key=value (the template takes %s)", a, t.ArgumentHint)
				}
				vals[k] = v
			}
			out, missing := t.Expand(vals)
			for _, m := range missing {
				fmt.Fprintf(e.stderr, "lore prompt expand: warning: no value for ${%s}; it is left empty (%s)\n", m, t.ArgumentHint)
			}
			return writeContent(e.stdout, out)
		},
	}
	pf.register(cmd, false)
	return cmd
}
