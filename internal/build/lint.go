package build

import (
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/manual"
	pfacts "github.com/lorekit/lore/internal/prompt/facts"
	"github.com/lorekit/lore/internal/tokens"
)

// Lint checks the project's manuals and prompts. With paths (files or
// folders, relative to the working directory), it reports on those paths
// only: paths inside the project's manual roots or its prompts folder are
// checked against the whole project, so references resolve; other paths
// are checked as a set of manuals of their own.
func Lint(p *Project, paths []string) lint.Report {
	r, _ := lintPaths(p, paths, false)
	return r
}

// LintFound is Lint that fails when the run found no manual at all (not
// even one it could not read): a CI job set up that way would pass while
// checking nothing. The error says where it looked and what to pass.
func LintFound(p *Project, paths []string) (lint.Report, error) {
	r, found := lintPaths(p, paths, false)
	if found == 0 && (len(paths) > 0 || p.wantsManuals()) {
		return r, p.noManuals("lint", paths)
	}
	return r, nil
}

// lintPaths is Lint; it also counts the manuals (and unreadable manual
// files) it found. With fixes, the report also holds the findings only
// lore lint --fix repairs (lint.SourceFixes).
func lintPaths(p *Project, paths []string, fixes bool) (lint.Report, int) {
	// Linting the project folder itself means linting the project, not
	// every Markdown file in it (README, content/, prompts as manuals) -
	// unless the project has neither lore.yaml nor a manual folder: then
	// the folder is a folder of manuals like any other.
	if p.Config.File != "" || len(p.roots()) > 0 {
		paths = slices.DeleteFunc(slices.Clone(paths), func(q string) bool {
			return path.Clean(filepath.ToSlash(q)) == path.Clean(p.Config.Dir)
		})
	}
	if len(paths) == 0 {
		in := p.lintInput(p.Manuals, nil)
		found := countFiles(in.Manuals, nil)
		files := found + p.addPrompts(in, nil)
		return lint.Report{Diagnostics: runLint(in, fixes), Files: files}, found
	}
	var inside, outside, prompts []string
	for _, raw := range paths {
		q := path.Clean(filepath.ToSlash(raw))
		switch {
		case p.inPrompts(q):
			prompts = append(prompts, q)
		case p.inRoots(q):
			inside = append(inside, q)
		default:
			outside = append(outside, q)
			if p.holdsPrompts(q) {
				prompts = append(prompts, q)
			}
		}
	}
	var r lint.Report
	found := 0
	if len(inside) > 0 || len(prompts) > 0 {
		in := p.lintInput(p.Manuals, underAny(append(inside, prompts...)))
		if len(inside) > 0 {
			n := countFiles(p.Manuals, in.Report)
			r.Files += n
			found += n
		}
		if len(prompts) > 0 {
			r.Files += p.addPrompts(in, underAny(prompts))
		}
		r.Diagnostics = append(r.Diagnostics, runLint(in, fixes)...)
	}
	if len(outside) > 0 {
		set := manual.Load(p.FS, outside)
		in := p.lintInput(set, nil)
		r.Diagnostics = append(r.Diagnostics, runLint(in, fixes)...)
		n := countFiles(set, nil)
		r.Files += n
		found += n
	}
	r.Diagnostics.Sort()
	if len(inside) == 0 && len(outside) == 0 {
		found = -1 // prompts only: they were asked for, not manuals
	}
	return r, found
}

// runLint is lint.Run, with lint.SourceFixes when fixes is set.
func runLint(in *lint.Input, fixes bool) diag.List {
	ds := lint.Run(in)
	if fixes {
		ds = append(ds, lint.SourceFixes(in)...)
	}
	return ds
}

// addPrompts bakes the prompts (writing nothing) and hands their facts to
// the linter; it returns how many prompt files accept takes. A failure of
// the bake itself (an unknown token encoding) is a fact too.
func (p *Project) addPrompts(in *lint.Input, accept func(string) bool) int {
	b, err := bake(p, tokens.NewCounter(p.Config.Tokenizer))
	if err != nil {
		pos := diag.Pos{File: p.Config.File}
		if l, ok := p.Config.Lines["tokenizer"]; ok {
			pos.Line, pos.Col = l, 1
		}
		in.Prompts = &pfacts.Prompts{Failure: &pfacts.Defect{Pos: pos, Message: err.Error()}}
		return 0
	}
	in.Prompts = b.Facts
	n := 0
	for f := range b.Prompts.Files {
		if accept == nil || accept(f) {
			n++
		}
	}
	return n
}

// inPrompts reports whether q is, or lies inside, the prompts folder.
func (p *Project) inPrompts(q string) bool {
	d := path.Clean(p.Config.Path(p.Config.Prompts))
	return q == d || manual.InDir(q, d)
}

// holdsPrompts reports whether the prompts folder lies inside folder q.
func (p *Project) holdsPrompts(q string) bool {
	return manual.InDir(path.Clean(p.Config.Path(p.Config.Prompts)), q)
}

// lintInput is the linter's input for set; the project's own set carries
// the folders and site files that lead out of their root too.
func (p *Project) lintInput(set *manual.Set, report func(string) bool) *lint.Input {
	if set == p.Manuals {
		if ws := p.wallProblems(); len(ws) > 0 {
			c := *set
			c.Problems = append(slices.Clip(c.Problems), ws...)
			set = &c
		}
	}
	return &lint.Input{Config: p.Config, FS: p.FS, Manuals: set, Report: report}
}

// inRoots reports whether q lies inside (or is) one of the manual roots.
func (p *Project) inRoots(q string) bool {
	for _, r := range p.roots() {
		r = path.Clean(r)
		if q == r || manual.InDir(q, r) {
			return true
		}
	}
	return false
}

// underAny accepts files that are, or lie under, one of paths.
func underAny(paths []string) func(string) bool {
	return func(f string) bool {
		for _, q := range paths {
			if f == q || manual.InDir(f, q) || q == "." && !strings.HasPrefix(f, "../") {
				return true
			}
		}
		return false
	}
}

// countFiles counts the files a lint run looked at: parsed manuals and
// files that could not be parsed.
func countFiles(s *manual.Set, accept func(string) bool) int {
	n := 0
	for _, m := range s.Manuals {
		if accept == nil || accept(m.Path) {
			n++
		}
	}
	for _, fp := range s.Problems {
		if fp.Rule != manual.RuleFileSymlinkLoop && (accept == nil || accept(fp.Path)) {
			n++
		}
	}
	return n
}

// LintFailed reports whether r has findings at or above failOn.
func LintFailed(r lint.Report, failOn diag.Severity) bool { return r.Diagnostics.AtLeast(failOn) }
