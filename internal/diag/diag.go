// Package diag holds the diagnostics lore reports: positioned findings that
// are collected, sorted by file, line and column, and printed.
//
// Diagnostics are values, not errors: an error is a failure of the tool
// itself, a Diagnostic is a finding about the input.
package diag

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/lorekit/lore/internal/plural"
)

// Severity orders findings. The zero value is Off: a rule set to Off reports
// nothing.
type Severity int

// The severities, weakest first.
const (
	Off Severity = iota
	Info
	Warning
	Error
)

var severityNames = [...]string{Off: "off", Info: "info", Warning: "warning", Error: "error"}

func (s Severity) String() string {
	if s < Off || s > Error {
		return fmt.Sprintf("severity(%d)", int(s))
	}
	return severityNames[s]
}

// ParseSeverity reads "error", "warning", "info" or "off" (also "warn"), in
// any case: the severities lore.yaml (lint.rules) and --fail-on take.
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(s) {
	case "error":
		return Error, nil
	case "warning", "warn":
		return Warning, nil
	case "info":
		return Info, nil
	case "off":
		return Off, nil
	}
	return Off, fmt.Errorf("unknown severity %q: use error, warning, info or off", s)
}

// Pos is a position in a file. Line and Col are 1-based; Col counts
// characters (Unicode code points), not bytes. Offset is the byte offset
// of Line:Col in the file (see Lines), which editors convert to their own
// columns. A zero Line means the finding concerns the whole file (Offset
// 0).
type Pos struct {
	File   string
	Line   int
	Col    int
	Offset int
}

// String returns "file:line:col" (or less, as far as p is known), the
// file name made Printable.
func (p Pos) String() string {
	file := Printable(p.File)
	switch {
	case p.Line == 0:
		return file
	case p.Col == 0:
		return file + ":" + strconv.Itoa(p.Line)
	}
	return file + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
}

// Diagnostic is one finding. End is optional (zero when unknown). Fix is
// set by the rules that know the exact replacement (lore lint --fix, the
// language server's code actions).
type Diagnostic struct {
	Pos      Pos
	End      Pos
	Severity Severity
	Rule     string
	Message  string
	Fix      *Fix
}

// String formats d as "file:line:col: severity: message [rule]".
func (d Diagnostic) String() string {
	return d.Pos.String() + ": " + d.Severity.String() + ": " + Printable(d.Message) + " [" + d.Rule + "]"
}

// List is a collection of diagnostics.
type List []Diagnostic

// Compare orders diagnostics by file, line, column, rule and message.
func Compare(a, b Diagnostic) int {
	return cmp.Or(
		cmp.Compare(a.Pos.File, b.Pos.File),
		cmp.Compare(a.Pos.Line, b.Pos.Line),
		cmp.Compare(a.Pos.Col, b.Pos.Col),
		cmp.Compare(a.Rule, b.Rule),
		cmp.Compare(a.Message, b.Message),
	)
}

// Sort sorts l in place by file, line and column and drops exact duplicates
// (their fixes are the same edits).
func (l *List) Sort() {
	slices.SortStableFunc(*l, Compare)
	*l = slices.CompactFunc(*l, func(a, b Diagnostic) bool {
		a.Fix, b.Fix = nil, nil
		return a == b
	})
}

// Count returns how many diagnostics have exactly severity s.
func (l List) Count(s Severity) int {
	n := 0
	for _, d := range l {
		if d.Severity == s {
			n++
		}
	}
	return n
}

// AtLeast reports whether any diagnostic has severity s or stronger.
func (l List) AtLeast(s Severity) bool {
	for _, d := range l {
		if d.Severity >= s && d.Severity != Off {
			return true
		}
	}
	return false
}

// Summary returns a one-line count such as "2 errors, 1 warning, 0 infos".
func (l List) Summary() string {
	return fmt.Sprintf("%s, %s, %s",
		plural.Of(l.Count(Error), "error", "errors"), plural.Of(l.Count(Warning), "warning", "warnings"), plural.Of(l.Count(Info), "info", "infos"))
}
