package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/spf13/afero"
	"github.com/spf13/cobra"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/prompt"
)

// The layer verbs: set, reset, edit.

func newPromptSetCmd(e *env) *cobra.Command {
	var (
		pf    projectFlags
		layer string
		file  string
	)
	cmd := &cobra.Command{
		Use:   "set BLOCK --layer LAYER [--file F]",
		Short: "Write one block of one layer (from --file or stdin)",
		Long: `Set writes prompts/layers/<LAYER>/<BLOCK>.md with the text of --file, or of
stdin. BLOCK is identity, operating-rules, guardrails or surface-note; LAYER is
shared, project, surface/<kind>, bot/<name>, chat/<name> or agents/<role>.

Set never copies inherited text into the narrower layer: an identity or
operating-rules text equal to what the layer already inherits is not written
(the layer keeps inheriting), and guardrails or surface notes a broader layer
already has are dropped. An empty text is written: a deliberate nothing.

A layer lore.yaml marks untrusted (trust:) keeps only its guardrails: set
says so, and that any other block it writes there is demoted.

Every bundle is baked with the new text before anything is written: a text
that would push a bundle over its token budget (or further over it) is
refused, the file is left as it was, and the bundle's tokens, budget and
largest layers are printed.

Exit status: 0 when written (or nothing needed writing); 1 when refused over
a budget; 2 on a usage, configuration or I/O error.`,
		Example: `  lore prompt set guardrails --layer project --file guardrails.md
  echo "You are Arthur, the ops assistant." | lore prompt set identity --layer chat/ops`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var src io.Reader = e.stdin
			if file != "" {
				f, err := os.Open(file)
				if err != nil {
					return failure(err)
				}
				defer f.Close()
				src = f
			}
			text, err := io.ReadAll(src)
			if err != nil {
				return failure(err)
			}
			_, err = setBlock(e, &pf, "set", args[0], layer, string(text))
			return err
		},
	}
	pf.register(cmd, false)
	cmd.Flags().StringVar(&layer, "layer", "", "the layer to write: shared, project, surface/<kind>, bot/<name>, chat/<name>, agents/<role>")
	cmd.Flags().StringVar(&file, "file", "", "read the text from this file instead of stdin")
	cmd.MarkFlagRequired("layer")
	return cmd
}

// setBlock writes one block and prints what happened; a write refused
// over a budget returns the result with findings().
func setBlock(e *env, pf *projectFlags, verb, block, layer, text string) (*prompt.SetResult, error) {
	p, err := pf.load()
	if err != nil {
		return nil, failure(err)
	}
	res, err := build.SetBlock(p, layer, block, text)
	if err != nil {
		return nil, usageError("%v", err)
	}
	say := func(format string, args ...any) { fmt.Fprintf(e.stderr, "lore prompt "+verb+": "+format+"\n", args...) }
	if res.Untrusted {
		if block == bundle.Guardrails {
			say("layer %s is untrusted (lore.yaml trust: %s: false): only its guardrails apply, and these do", layer, res.TrustKey)
		} else {
			say("layer %s is untrusted (lore.yaml trust: %s: false): only its guardrails apply; this %s is demoted and no bundle will use it", layer, res.TrustKey, block)
		}
	}
	if len(res.OverBudget) > 0 {
		for _, o := range res.OverBudget {
			b := o.Bundle
			now := "a new bundle"
			if o.Before >= 0 {
				now = fmt.Sprintf("%d now", o.Before)
			}
			var largest []string
			for _, d := range b.Largest(3) {
				largest = append(largest, fmt.Sprintf("%s/%s %d tokens (%s)", d.Layer, d.Block, d.Tokens, d.Source))
			}
			say("bundle %s would be %d tokens, %d over its budget of %d (%s); largest layers: %s",
				b.ID, b.Tokens, b.Tokens-b.Budget, b.Budget, now, strings.Join(largest, ", "))
		}
		say("refused: %s is left as it was; shorten the text, move detail into a manual behind a manual_read hook, or raise the recipe's budget", res.Path)
		return res, findings()
	}
	for _, d := range res.Dropped {
		say("dropped, already inherited: %s", strings.ReplaceAll(d, "\n", " "))
	}
	if res.Note != "" {
		say("%s", res.Note)
	}
	if res.Written {
		say("wrote %s; new bundles use it, running sessions keep their prompt", res.Path)
	}
	return res, nil
}

func newPromptResetCmd(e *env) *cobra.Command {
	var (
		pf    projectFlags
		layer string
	)
	cmd := &cobra.Command{
		Use:   "reset BLOCK --layer LAYER",
		Short: "Delete one block of one layer so inheritance resumes",
		Long: `Reset deletes prompts/layers/<LAYER>/<BLOCK>.md: the layer inherits BLOCK
again from the broader layers. Other blocks of the layer are untouched.`,
		Example: `  lore prompt reset identity --layer project`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := pf.load()
			if err != nil {
				return failure(err)
			}
			path, existed, err := build.LoadPrompts(p).ResetBlock(p.FS, layer, args[0])
			if err != nil {
				return usageError("%v", err)
			}
			if existed {
				fmt.Fprintf(e.stderr, "lore prompt reset: removed %s; layer %s inherits %s again\n", path, layer, args[0])
			} else {
				fmt.Fprintf(e.stderr, "lore prompt reset: %s does not exist; layer %s already inherits %s\n", path, layer, args[0])
			}
			return nil
		},
	}
	pf.register(cmd, false)
	cmd.Flags().StringVar(&layer, "layer", "", "the layer: shared, project, surface/<kind>, bot/<name>, chat/<name>, agents/<role>")
	cmd.MarkFlagRequired("layer")
	return cmd
}

func newPromptEditCmd(e *env) *cobra.Command {
	var (
		pf    projectFlags
		layer string
	)
	cmd := &cobra.Command{
		Use:   "edit BLOCK --layer LAYER",
		Short: "Edit one block of one layer in $EDITOR",
		Long: `Edit opens the layer's own text of BLOCK in $EDITOR (or $VISUAL; vi when
neither is set), under a comment listing what the layer inherits. On save the
comment is dropped and the text is written as by 'lore prompt set': inherited
text is never copied into the layer. Leaving the text unchanged writes nothing.

The comment says when the layer is untrusted (lore.yaml trust:), and lists
what broader untrusted layers have as demoted, not inherited: only their
guardrails apply. A text that would push a bundle over its token budget is
refused as by set; the layer's file is left as it was and your text is kept
in a file whose name is printed.`,
		Example: `  lore prompt edit guardrails --layer project
  EDITOR="code --wait" lore prompt edit identity --layer surface/chat`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := pf.load()
			if err != nil {
				return failure(err)
			}
			block := args[0]
			before, err := build.EditText(p, layer, block)
			if err != nil {
				return usageError("%v", err)
			}
			after, err := runEditor(e, before)
			if err != nil {
				return failure(err)
			}
			if after == before {
				fmt.Fprintln(e.stderr, "lore prompt edit: no change")
				return nil
			}
			text := prompt.StripEditComment(after)
			res, err := setBlock(e, &pf, "edit", block, layer, text)
			if res != nil && len(res.OverBudget) > 0 {
				if f, ferr := os.CreateTemp("", "lore-prompt-"+block+"-*.md"); ferr == nil {
					_, ferr = f.WriteString(text)
					f.Close()
					if ferr == nil {
						fmt.Fprintf(e.stderr, "lore prompt edit: your text is kept in %s; shorten it, then run 'lore prompt set %s --layer %s --file %s'\n",
							f.Name(), block, layer, f.Name())
					}
				}
			}
			return err
		},
	}
	pf.register(cmd, false)
	cmd.Flags().StringVar(&layer, "layer", "", "the layer: shared, project, surface/<kind>, bot/<name>, chat/<name>, agents/<role>")
	cmd.MarkFlagRequired("layer")
	return cmd
}

// runEditor writes text to a temporary file, runs the user's editor on it
// (through the shell, so EDITOR may carry arguments) and returns the result.
func runEditor(e *env, text string) (string, error) {
	editor := os.Getenv("VISUAL")
	if editor == "" {
		editor = os.Getenv("EDITOR")
	}
	if editor == "" {
		editor = "vi"
	}
	fs := afero.NewOsFs()
	f, err := afero.TempFile(fs, "", "lore-prompt-*.md")
	if err != nil {
		return "", err
	}
	defer fs.Remove(f.Name())
	if _, err := f.WriteString(text); err != nil {
		f.Close()
		return "", err
	}
	f.Close()
	c := exec.Command("sh", "-c", editor+` "$1"`, "sh", f.Name())
	c.Stdin, c.Stdout, c.Stderr = os.Stdin, e.stderr, e.stderr
	if err := c.Run(); err != nil {
		return "", fmt.Errorf("editor %q failed: %w", editor, err)
	}
	out, err := afero.ReadFile(fs, f.Name())
	return string(out), err
}
