package lsp

import (
	"slices"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
)

func (s *server) codeActionRequest(_ *glsp.Context, p *protocol.CodeActionParams) (any, error) {
	d := s.doc(p.TextDocument.URI)
	if d == nil {
		return []protocol.CodeAction{}, nil
	}
	return s.codeActions(d, p), nil
}

// codeActions offers the fix of each finding that touches the requested
// range (quickfix) and, when d has any fix, one action applying them all
// (source.fixAll.lore), the same fixes lore lint --fix applies.
func (s *server) codeActions(d *document, p *protocol.CodeActionParams) []protocol.CodeAction {
	out := []protocol.CodeAction{}
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
	var fixable diag.List
	for _, f := range s.lint(d) {
		if f.Fix != nil {
			fixable = append(fixable, f)
		}
	}
	lds := toLSPAll(d.text, fixable)
	for i, f := range fixable {
		fixes = append(fixes, f.Fix)
		ld := lds[i]
		if !want(protocol.CodeActionKindQuickFix) || !touches(ld.Range, p.Range) {
			continue
		}
		a := protocol.CodeAction{Title: f.Fix.Title + " [" + f.Rule + "]", Kind: ptr(protocol.CodeActionKindQuickFix), IsPreferred: ptr(true),
			Edit: &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{d.uri: textEdits(d.text, f.Fix.Edits)}}}
		if lint.Lookup(f.Rule) != nil {
			a.Diagnostics = []protocol.Diagnostic{ld}
		}
		out = append(out, a)
	}
	if len(fixes) > 0 && want(kindFixAll) {
		fixed, n := diag.ApplyFixes(d.text.b, fixes)
		if n > 0 && string(fixed) != d.text.s {
			whole := protocol.Range{End: d.text.position(len(d.text.b))}
			out = append(out, protocol.CodeAction{Title: "Fix all lore findings", Kind: ptr(kindFixAll),
				Edit: &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{d.uri: {{Range: whole, NewText: string(fixed)}}}}})
		}
	}
	return out
}

// textEdits converts byte-offset edits of t to LSP edits.
func textEdits(t *text, es []diag.Edit) []protocol.TextEdit {
	out := make([]protocol.TextEdit, 0, len(es))
	for _, e := range es {
		out = append(out, protocol.TextEdit{Range: t.rangeOf(e.Start, e.End), NewText: e.New})
	}
	slices.SortFunc(out, func(a, b protocol.TextEdit) int { return comparePos(a.Range.Start, b.Range.Start) })
	return out
}

func comparePos(a, b protocol.Position) int {
	switch {
	case before(a, b):
		return -1
	case before(b, a):
		return 1
	}
	return 0
}

// touches reports whether ranges a and b overlap or meet.
func touches(a, b protocol.Range) bool {
	return comparePos(a.Start, b.End) <= 0 && comparePos(b.Start, a.End) <= 0
}
