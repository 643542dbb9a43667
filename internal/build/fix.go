package build

import (
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/rogpeppe/go-internal/diff"
	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/plural"
)

// maxFixRounds bounds the fix loop: each round applies the fixes that do
// not overlap and lints again; fixes that overlap wait for the next round.
const maxFixRounds = 16

// FixReport is the result of lore lint --fix.
type FixReport struct {
	// Before is the lint report of the files as they were; After that of
	// the files as fixed (as they would be, in a dry run).
	Before, After lint.Report
	// Fixed counts the findings fixed; Files lists the files changed.
	Fixed int
	Files []string
	// Diff is the unified diff of the changes (dry run only).
	Diff []byte
	// Outside lists the files with fixes that lie outside the project
	// folder (a manual root configured as ../shared): --fix writes only
	// inside the project, so these are left as they are.
	Outside []string
}

// Summary says what the run fixed: "fixed 3 findings in 2 files" (or
// "would fix …" in a dry run).
func (r FixReport) Summary(dryRun bool) string {
	verb := "fixed"
	if dryRun {
		verb = "would fix"
	}
	return fmt.Sprintf("%s %s in %s", verb, plural.Of(r.Fixed, "finding", "findings"), plural.Of(len(r.Files), "file", "files"))
}

// LintFix lints like LintFound and applies the fixes of the findings (and
// lint.SourceFixes) until a round finds nothing more to fix, at most
// maxFixRounds rounds. Each file is replaced atomically. In a dry run the
// changes go to memory and Diff shows them; nothing is written.
func LintFix(p *Project, paths []string, dryRun bool) (FixReport, error) {
	var out FixReport
	before, err := LintFound(p, paths)
	if err != nil {
		return out, err
	}
	out.Before = before
	q := *p
	write := writeAtomic
	if dryRun {
		q.FS = afero.NewCopyOnWriteFs(afero.NewReadOnlyFs(p.FS), afero.NewMemMapFs())
		write = func(fs afero.Fs, file string, data []byte) error { return afero.WriteFile(fs, file, data, 0o644) }
	}
	orig := map[string][]byte{}
	project := absPath(p.Config.Dir)
	for range maxFixRounds {
		r, _ := lintPaths(&q, paths, true)
		byFile := map[string][]*diag.Fix{}
		for _, d := range r.Diagnostics {
			if d.Fix != nil && d.Pos.File != "" {
				byFile[d.Pos.File] = append(byFile[d.Pos.File], d.Fix)
			}
		}
		applied := 0
		for _, file := range slices.Sorted(maps.Keys(byFile)) {
			if !insideDir(project, file) {
				if !slices.Contains(out.Outside, file) {
					out.Outside = append(out.Outside, file)
				}
				continue
			}
			src, err := afero.ReadFile(q.FS, file)
			if err != nil {
				return out, fmt.Errorf("fix %s: %w", file, err)
			}
			if m := q.Manuals.ByPath(file); m != nil && !m.ParsedFrom(src) {
				continue // changed since it was read: leave it alone
			}
			fixed, n := diag.ApplyFixes(src, byFile[file])
			if n == 0 || string(fixed) == string(src) {
				continue
			}
			if _, ok := orig[file]; !ok {
				orig[file] = src
			}
			if err := write(q.FS, file, fixed); err != nil {
				return out, fmt.Errorf("fix %s: %w", file, err)
			}
			applied += n
		}
		if applied == 0 {
			break
		}
		out.Fixed += applied
		q.Manuals = manual.Load(q.FS, q.roots())
	}
	for _, file := range slices.Sorted(maps.Keys(orig)) {
		now, err := afero.ReadFile(q.FS, file)
		if err != nil {
			return out, fmt.Errorf("fix %s: %w", file, err)
		}
		if string(now) == string(orig[file]) {
			continue
		}
		out.Files = append(out.Files, file)
		if dryRun {
			out.Diff = append(out.Diff, diff.Diff("a/"+file, orig[file], "b/"+file, now)...)
		}
	}
	out.After, _ = lintPaths(&q, paths, false)
	return out, nil
}

// insideDir reports whether file lies in folder dir (an absolute slash
// path), by their names.
func insideDir(dir, file string) bool {
	rel, err := filepath.Rel(filepath.FromSlash(dir), filepath.FromSlash(absPath(file)))
	return err == nil && rel != ".." && !strings.HasPrefix(filepath.ToSlash(rel), "../") && !filepath.IsAbs(rel)
}

// writeAtomic replaces file with data: written to a temporary file beside
// it, given the file's mode, then renamed over it, so a reader sees the old
// or the new text, never half of it. A symbolic link is written through
// (the link stays a link).
func writeAtomic(fs afero.Fs, file string, data []byte) error {
	mode := os.FileMode(0o644)
	if fi, err := fs.Stat(file); err == nil {
		mode = fi.Mode().Perm()
	}
	if l, ok := fs.(afero.Lstater); ok {
		if fi, _, err := l.LstatIfPossible(file); err == nil && fi.Mode()&os.ModeSymlink != 0 {
			return afero.WriteFile(fs, file, data, mode)
		}
	}
	tmp, err := afero.TempFile(fs, path.Dir(file), "."+path.Base(file)+".lore-fix-*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = fs.Chmod(name, mode)
	}
	if err == nil {
		err = fs.Rename(name, file)
	}
	if err != nil {
		_ = fs.Remove(name)
	}
	return err
}

// LintFixable is Lint whose findings also include those only lore lint
// --fix repairs (lint.SourceFixes), each with its fix: what an editor
// offers as code actions.
func LintFixable(p *Project, paths []string) lint.Report {
	r, _ := lintPaths(p, paths, true)
	return r
}
