package lsp

import (
	"context"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
)

// publish sends the findings of d: those of lore lint's rules (the
// findings only --fix knows are offered as code actions, not shown). A
// broken project file is shown on the document's first line.
func (s *server) publish(ctx context.Context, conn *jsonrpc2.Conn, d *document) error {
	out := []Diagnostic{}
	if snap := s.current(); snap.err != nil {
		out = append(out, Diagnostic{Severity: severityError, Source: "lore", Code: "config",
			Message: snap.err.Error(), Range: Range{End: Position{Character: utf16Count(d.text.line(0))}}})
	}
	for _, f := range s.lint(d) {
		if lint.Lookup(f.Rule) == nil {
			continue
		}
		out = append(out, toLSP(d.text, f))
	}
	v := d.version
	return conn.Notify(ctx, "textDocument/publishDiagnostics", PublishDiagnosticsParams{URI: d.uri, Version: &v, Diagnostics: out})
}

// toLSP converts a finding; a finding without an end spans to the end of
// its line, one about the whole file its first line.
func toLSP(t *text, f diag.Diagnostic) Diagnostic {
	start := t.fromLore(f.Pos.Line, max(f.Pos.Col, 1))
	var end Position
	switch {
	case f.Pos.Line == 0:
		end = Position{Character: utf16Count(t.line(0))}
	case f.End.Line > 0:
		end = t.fromLore(f.End.Line, max(f.End.Col, 1))
	default:
		end = Position{Line: start.Line, Character: utf16Count(t.line(start.Line))}
	}
	if end.Line < start.Line || end.Line == start.Line && end.Character < start.Character {
		end = start
	}
	sev := map[diag.Severity]int{diag.Error: severityError, diag.Warning: severityWarning, diag.Info: severityInformation}[f.Severity]
	return Diagnostic{Range: Range{Start: start, End: end}, Severity: sev, Code: f.Rule, Source: "lore", Message: f.Message}
}
