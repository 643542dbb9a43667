package lsp

import (
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
)

// codeActions offers the fix of each finding that touches the requested
// range (quickfix) and, when d has any fix, one action applying them all
// (source.fixAll.lore), the same fixes lore lint --fix applies.
func (s *server) codeActions(d *document, p codeActionParams) []CodeAction {
	out := []CodeAction{}
	want := func(kind string) bool {
		if len(p.Context.Only) == 0 {
			return true
		}
		for _, k := range p.Context.Only {
			if kind == k || strings.HasPrefix(kind, k+".") {
				return true
			}
		}
		return false
	}
	var fixes []*diag.Fix
	for _, f := range s.lint(d) {
		if f.Fix == nil {
			continue
		}
		fixes = append(fixes, f.Fix)
		ld := toLSP(d.text, f)
		if !want(kindQuickFix) || !touches(ld.Range, p.Range) {
			continue
		}
		a := CodeAction{Title: f.Fix.Title + " [" + f.Rule + "]", Kind: kindQuickFix, IsPreferred: true,
			Edit: &WorkspaceEdit{Changes: map[string][]TextEdit{d.uri: textEdits(d.text, f.Fix.Edits)}}}
		if lint.Lookup(f.Rule) != nil {
			a.Diagnostics = []Diagnostic{ld}
		}
		out = append(out, a)
	}
	if len(fixes) > 0 && want(kindFixAll) {
		fixed, n := diag.ApplyFixes([]byte(d.text.s), fixes)
		if n > 0 && string(fixed) != d.text.s {
			end := d.text.fromOffset(len(d.text.s))
			out = append(out, CodeAction{Title: "Fix all lore findings", Kind: kindFixAll,
				Edit: &WorkspaceEdit{Changes: map[string][]TextEdit{d.uri: {{Range: Range{End: end}, NewText: string(fixed)}}}}})
		}
	}
	return out
}

// textEdits converts byte-offset edits of t to LSP edits.
func textEdits(t *text, es []diag.Edit) []TextEdit {
	out := make([]TextEdit, 0, len(es))
	for _, e := range es {
		out = append(out, TextEdit{Range: Range{Start: t.fromOffset(e.Start), End: t.fromOffset(e.End)}, NewText: e.New})
	}
	slices.SortFunc(out, func(a, b TextEdit) int { return comparePos(a.Range.Start, b.Range.Start) })
	return out
}

func comparePos(a, b Position) int {
	if a.Line != b.Line {
		return a.Line - b.Line
	}
	return a.Character - b.Character
}

// touches reports whether ranges a and b overlap or meet.
func touches(a, b Range) bool {
	return comparePos(a.Start, b.End) <= 0 && comparePos(b.Start, a.End) <= 0
}
