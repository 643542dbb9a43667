package api

import (
	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/guard"
)

// LintOptions configure Lint.
type LintOptions struct {
	Project
	// Paths are the files and folders to check, relative to the working
	// directory; none checks the project's manuals and prompts.
	Paths []string
}

// LintResult is what Lint found.
type LintResult struct {
	// Findings are sorted by file, line and column.
	Findings []Finding
	// Files counts the files checked.
	Files int
}

// Lint checks the project (or o.Paths) as lore lint does, without
// writing anything. It fails when it finds no manual to check at all, so
// that a misdirected check does not pass silently.
func Lint(o LintOptions) (LintResult, error) {
	var out LintResult
	err := guard.Do(func() error {
		p, err := build.Load(o.options())
		if err != nil {
			return err
		}
		r, err := build.LintFound(p, o.Paths)
		if err != nil {
			return err
		}
		out = LintResult{Findings: findings(r.Diagnostics, p.RelPath), Files: r.Files}
		return nil
	})
	return out, err
}
