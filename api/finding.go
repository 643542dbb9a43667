package api

import (
	"github.com/lorekit/lore/internal/diag"
)

// Finding is one lint finding; it encodes to JSON as an entry of
// lore lint --format json. Lines and columns are 1-based; a column counts
// characters. Line is 0 when the finding concerns a whole file; the end is
// the start when the finding has no known end.
type Finding struct {
	Rule      string `json:"rule"`     // the rule id, e.g. "size/hard-limit"
	Severity  string `json:"severity"` // "error", "warning" or "info"
	File      string `json:"file"`     // relative to the project folder
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"endLine"`
	EndColumn int    `json:"endColumn"`
	Message   string `json:"message"`
}

// findings converts the diagnostics of a run, with files relative to the
// project folder (rel).
func findings(ds diag.List, rel func(string) string) []Finding {
	out := make([]Finding, 0, len(ds))
	for _, d := range ds {
		end := d.End
		if end.Line == 0 {
			end = d.Pos
		}
		f := Finding{Rule: d.Rule, Severity: d.Severity.String(), File: d.Pos.File, Line: d.Pos.Line, Column: d.Pos.Col,
			EndLine: end.Line, EndColumn: end.Col, Message: d.Message}
		if f.File != "" {
			f.File = rel(f.File)
		}
		out = append(out, f)
	}
	return out
}
