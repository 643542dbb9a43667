package build

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/lorekit/lore/build/diag"
	"github.com/lorekit/lore/build/lint"
	"github.com/lorekit/lore/build/manual"
)

// Lint checks the project's manuals. With paths (files or folders, relative
// to the working directory), it reports on those paths only: paths inside
// the project's manual roots are checked against the whole project, so
// references resolve; other paths are checked as a set of their own.
func Lint(p *Project, paths []string) lint.Report {
	if len(paths) == 0 {
		in := p.lintInput(p.Manuals, nil)
		return lint.Report{Diagnostics: lint.Run(in), Files: countFiles(p.Manuals, nil)}
	}
	var inside, outside []string
	for _, raw := range paths {
		q := path.Clean(filepath.ToSlash(raw))
		if p.inRoots(q) {
			inside = append(inside, q)
		} else {
			outside = append(outside, q)
		}
	}
	var r lint.Report
	if len(inside) > 0 {
		in := p.lintInput(p.Manuals, underAny(inside))
		r.Diagnostics = append(r.Diagnostics, lint.Run(in)...)
		r.Files += countFiles(p.Manuals, in.Report)
	}
	if len(outside) > 0 {
		set := manual.Load(p.FS, outside)
		in := p.lintInput(set, nil)
		r.Diagnostics = append(r.Diagnostics, lint.Run(in)...)
		r.Files += countFiles(set, nil)
	}
	r.Diagnostics.Sort()
	return r
}

func (p *Project) lintInput(set *manual.Set, report func(string) bool) *lint.Input {
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
		if fp.Rule != "file/symlink-loop" && (accept == nil || accept(fp.Path)) {
			n++
		}
	}
	return n
}

// LintFailed reports whether r has findings at or above failOn.
func LintFailed(r lint.Report, failOn diag.Severity) bool { return r.Diagnostics.AtLeast(failOn) }
