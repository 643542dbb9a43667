package lint

import (
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// trailingSpaceFix is the id under which lore lint --fix reports the
// trailing blanks it removes from header lines.
const trailingSpaceFix = "header/trailing-space"

// SourceFixes returns the findings lore lint --fix repairs although no
// rule reports them: trailing blanks on the lines of lore headers. Every
// finding carries its fix. (Hidden Unicode is removed by the fixes of
// security/hidden-unicode's own findings.)
// Files outside the report, ignored files and files a disable comment
// exempts for the id are left alone.
func SourceFixes(in *Input) diag.List {
	globs := ignoreGlobs(in.Config)
	take := func(file string) bool {
		return (in.Report == nil || in.Report(file)) && !ignored(in, file, globs)
	}
	var out diag.List
	keep := func(src []byte, ds diag.List) {
		dirs := parseDirectives(src)
		for _, d := range ds {
			if !dirs.disabled(d.Rule, d.Pos.Line) {
				out = append(out, d)
			}
		}
	}
	for _, m := range in.Manuals.Manuals {
		if !take(m.Path) {
			continue
		}
		keep(m.Src, headerTrailingSpace(m))
	}
	locate(in, out, nil)
	out.Sort()
	return out
}

// headerTrailingSpace returns a finding with its fix for each line of m's
// lore header that ends in spaces or tabs.
func headerTrailingSpace(m *manual.Manual) diag.List {
	if m.Dialect != manual.Lore || m.InSkill() || !m.Header.Present || m.Header.End == 0 {
		return nil
	}
	var out diag.List
	for n := 1; n <= m.Header.End; n++ {
		s, e, _, ok := lineBounds(m.Src, n)
		if !ok {
			break
		}
		t := e
		for t > s && (m.Src[t-1] == ' ' || m.Src[t-1] == '\t') {
			t--
		}
		if t == e {
			continue
		}
		col := len([]rune(string(m.Src[s:t]))) + 1
		out = append(out, diag.Diagnostic{
			Pos: diag.Pos{File: m.Path, Line: n, Col: col}, End: diag.Pos{File: m.Path, Line: n, Col: col + e - t},
			Severity: diag.Info, Rule: trailingSpaceFix,
			Message: "trailing blanks on a header line: a runtime that reads the header without a parser keeps them in the value; remove them",
			Fix:     &diag.Fix{Title: "remove the trailing blanks", Edits: []diag.Edit{{Start: t, End: e}}},
		})
	}
	return out
}
