package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/lorekit/lore/internal/config"
)

// flagError turns a flag parsing error into a usage error (exit 2); an
// unknown flag gets the closest flag of the command as a suggestion.
func flagError(c *cobra.Command, err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "unknown flag: --"); ok {
		var names []string
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if !f.Hidden {
				names = append(names, f.Name)
			}
		})
		msg = "unknown flag --" + name
		if s := config.Closest(name, names); s != "" {
			msg += "; did you mean --" + s + "?"
		}
	}
	return usageHelp(c.CommandPath(), "%s", msg)
}

// requireArgHelp wraps the argument check of c and its subcommands: a
// missing required argument prints the command's own usage and names the
// argument ("missing INTENT"); other argument errors point to the
// command's help. Both exit with 2.
func requireArgHelp(c *cobra.Command) {
	for _, sub := range c.Commands() {
		requireArgHelp(sub)
	}
	check := c.Args
	if check == nil {
		return
	}
	c.Args = func(cmd *cobra.Command, args []string) error {
		err := check(cmd, args)
		if err == nil {
			return nil
		}
		if req := requiredArgs(cmd.Use); len(args) < len(req) {
			fmt.Fprint(cmd.ErrOrStderr(), cmd.UsageString())
			return usageError("missing %s for '%s' (usage above)", req[len(args)], cmd.CommandPath())
		}
		return usageHelp(cmd.CommandPath(), "'%s' %v", cmd.CommandPath(), err)
	}
}

// requiredArgs returns the required positional arguments of a Use line
// ("howdoi INTENT" → INTENT): the words after the command's name that are
// neither optional ([…]), flags (--out) nor a flag's value.
func requiredArgs(use string) []string {
	words := strings.Fields(use)
	var out []string
	depth := 0 // inside [ … ]
	for i := 1; i < len(words); i++ {
		w := words[i]
		opt := depth > 0 || strings.HasPrefix(w, "[")
		depth += strings.Count(w, "[") - strings.Count(w, "]")
		switch {
		case opt:
		case strings.HasPrefix(w, "-"):
			if i+1 < len(words) && !strings.HasPrefix(words[i+1], "-") && !strings.HasPrefix(words[i+1], "[") {
				i++ // the flag's value
			}
		default:
			out = append(out, strings.TrimSuffix(w, "..."))
		}
	}
	return out
}
