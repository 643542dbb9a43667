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
	for _, f := range s.lint(d) {
		if lint.Lookup(f.Rule) == nil {
			continue
		}
		out = append(out, toLSP(d.text, f))
	}
	v := protocol.UInteger(max(d.version, 0))
	return s.notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: d.uri, Version: &v, Diagnostics: out})
}

// severities maps lore's severities to the protocol's.
var severities = map[diag.Severity]protocol.DiagnosticSeverity{
	diag.Error: protocol.DiagnosticSeverityError, diag.Warning: protocol.DiagnosticSeverityWarning, diag.Info: protocol.DiagnosticSeverityInformation,
}

// toLSP converts a finding, whose byte offsets are those of t: a finding
// without an end spans to the end of its line, one about the whole file
// its first line.
func toLSP(t *text, f diag.Diagnostic) protocol.Diagnostic {
	start := t.position(f.Pos.Offset)
	var end protocol.Position
	switch {
	case f.Pos.Line == 0:
		start, end = protocol.Position{}, t.lineEnd(0)
	case f.End.Line > 0:
		end = t.position(f.End.Offset)
	default:
		end = t.lineEnd(int(start.Line))
	}
	if before(end, start) {
		end = start
	}
	return protocol.Diagnostic{Range: protocol.Range{Start: start, End: end}, Severity: ptr(severities[f.Severity]),
		Code: &protocol.IntegerOrString{Value: f.Rule}, Source: ptr("lore"), Message: f.Message}
}
