// Command lore is the build pipeline for what LLM agents load: it lints
// manuals and prompts, compiles the how_do_i catalog, bakes prompt bundles
// and publishes a static site with a manifest.
//
// This package is thin: it parses flags, calls one function of the build,
// search or bundle packages, and turns the result into an exit code:
// 0 clean; 1 findings at or above --fail-on, a lock mismatch or a routing
// eval under its threshold; 2 usage, configuration or I/O failure.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/diag"
)

// Exit codes.
const (
	exitOK       = 0
	exitFindings = 1
	exitFailure  = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// exitError carries an exit code out of a command. A nil err with code 1
// means "findings were printed".
type exitError struct {
	code int
	err  error
	// help, when set, is the command whose --help the line after the
	// error points to.
	help string
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

// failure wraps err as a tool failure (exit 2).
func failure(err error) error { return &exitError{code: exitFailure, err: err} }

// findings is the exit-1 result of a command that printed its findings.
func findings() error { return &exitError{code: exitFindings} }

// usageError is a mistake in the command line (exit 2).
func usageError(format string, args ...any) error {
	return &exitError{code: exitFailure, err: fmt.Errorf(format, args...)}
}

// usageHelp is a mistake in the command line of command path (exit 2),
// printed with a line that points to its help.
func usageHelp(path, format string, args ...any) error {
	return &exitError{code: exitFailure, err: fmt.Errorf(format, args...), help: path}
}

// env is what every command writes to and reads from.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	profile        profileFlags
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	root := newRoot(e)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	e.profile.stop(e)
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			// One line, whatever the error quotes: file names are the
			// contributor's, and a newline in one would print a line that
			// CI reads as its own (a GitHub workflow command).
			fmt.Fprintf(stderr, "lore: %s\n", diag.Printable(ee.err.Error()))
		}
		if ee.help != "" {
			fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", ee.help)
		}
		return ee.code
	}
	// Cobra's own errors: unknown command or flag, wrong argument count.
	fmt.Fprintf(stderr, "lore: %s\nRun 'lore --help' for usage.\n", diag.Printable(err.Error()))
	return exitFailure
}

func newRoot(e *env) *cobra.Command {
	root := &cobra.Command{
		Use:   "lore",
		Short: "Lint, route, bake and publish what LLM agents load",
		Long: `lore is the build pipeline for agent manuals and system prompts.

Manuals are Markdown how-tos an agent pulls on demand with manual_read('name');
system prompts are composed from layers and frozen into bundles. lore lints
both in CI, compiles an English + German catalog that routes a request to the
right manual (how_do_i), bakes prompt bundles with digests and a lockfile, and
publishes a static site plus a manifest that runtimes load.

A project is a folder with manuals/, prompts/, content/ and an optional
lore.yaml. Run the commands from that folder, or pass --config.`,
		Example: `  lore lint                       lint the project's manuals
  lore lint --format github       annotate a pull request in GitHub Actions
  lore lint ../skills             lint any folder of Markdown manuals
  lore version`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(flagError)
	e.profile.register(root)
	root.PersistentPreRunE = func(*cobra.Command, []string) error { return e.profile.start() }
	groups := []*cobra.Group{{ID: "ci", Title: "Checking:"}, {ID: "runtime", Title: "Answering like a runtime:"},
		{ID: "build", Title: "Building and publishing:"}, {ID: "prompt", Title: "Prompts and bundles:"}}
	cmds := commands(e)
	for _, g := range groups {
		for _, c := range cmds {
			if c.GroupID == g.ID {
				root.AddGroup(g)
				break
			}
		}
	}
	for _, c := range cmds {
		root.AddCommand(c)
	}
	requireArgHelp(root)
	return root
}

// commands returns every subcommand. Each lives in its own file.
func commands(e *env) []*cobra.Command {
	var out []*cobra.Command
	for _, mk := range commandMakers {
		out = append(out, mk(e))
	}
	return out
}
