package lsp

import (
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
)

// publish sends the findings of d: those of lore lint's rules (the
// findings only --fix knows are offered as code actions, not shown). A
// broken project file is shown on the document's first line.
func (s *server) publish(d *document) error {
	out := []protocol.Diagnostic{}
	if snap := s.current(); snap.err != nil {
		out = append(out, protocol.Diagnostic{Severity: ptr(protocol.DiagnosticSeverityError), Source: ptr("lore"),
			Code: &protocol.IntegerOrString{Value: "config"}, Message: snap.err.Error(), Range: protocol.Range{End: d.text.lineEnd(0)}})
	}
	var shown diag.List
	for _, f := range s.lint(d) {
		if lint.Lookup(f.Rule) != nil {
			shown = append(shown, f)
		}
	}
	out = append(out, toLSPAll(d.text, shown)...)
	v := protocol.UInteger(max(d.version, 0))
	return s.notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: d.uri, Version: &v, Diagnostics: out})
}

// severities maps lore's severities to the protocol's.
var severities = map[diag.Severity]protocol.DiagnosticSeverity{
	diag.Error: protocol.DiagnosticSeverityError, diag.Warning: protocol.DiagnosticSeverityWarning, diag.Info: protocol.DiagnosticSeverityInformation,
}

// toLSPAll converts findings, whose byte offsets are those of t: a
// finding without an end spans to the end of its line, one about the
// whole file its first line. The positions are counted together
// (text.positions), in one pass over each line.
func toLSPAll(t *text, fs diag.List) []protocol.Diagnostic {
	offs := make([]int, 0, 2*len(fs))
	for _, f := range fs {
		end := f.End.Offset
		if f.End.Line == 0 { // to the end of the start's line
			n := t.lines.Line(max(0, min(f.Pos.Offset, len(t.b))))
			end = t.lines.Start(t.b, n) + len(t.lines.Text(t.b, n))
		}
		offs = append(offs, f.Pos.Offset, end)
	}
	ps := t.positions(offs)
	out := make([]protocol.Diagnostic, len(fs))
	for i, f := range fs {
		start, end := ps[2*i], ps[2*i+1]
		if f.Pos.Line == 0 {
			start, end = protocol.Position{}, t.lineEnd(0)
		}
		if before(end, start) {
			end = start
		}
		out[i] = protocol.Diagnostic{Range: protocol.Range{Start: start, End: end}, Severity: ptr(severities[f.Severity]),
			Code: &protocol.IntegerOrString{Value: f.Rule}, Source: ptr("lore"), Message: f.Message}
	}
	return out
}
