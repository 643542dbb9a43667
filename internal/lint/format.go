package lint

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/lorekit/lore/internal/diag"
)

// Report is the result of a lint run: the findings and how many files were
// checked.
type Report struct {
	Diagnostics diag.List
	Files       int
	// Version is lore's version, reported as the SARIF driver version.
	Version string
}

// Formats returns the output formats of Write.
func Formats() []string { return []string{"text", "json", "sarif", "github"} }

// Write prints r in format (text, json, sarif or github).
func Write(w io.Writer, format string, r Report) error {
	switch format {
	case "", "text":
		return writeText(w, r)
	case "json":
		return writeJSON(w, r)
	case "sarif":
		return writeSARIF(w, r)
	case "github":
		return writeGitHub(w, r)
	}
	return fmt.Errorf("unknown format %q: use %s", format, strings.Join(Formats(), ", "))
}

// writeText prints one "file:line:col: severity: message [rule]" line per
// finding. The lines go out in large writes, not one system call each: a
// build of 10,000 manuals reports some 7,000 findings.
func writeText(w io.Writer, r Report) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	for _, d := range r.Diagnostics {
		if _, err := bw.WriteString(d.String()); err != nil {
			return err
		}
		if err := bw.WriteByte('\n'); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// severityColors are the ANSI colours of the severities in WriteColor.
var severityColors = map[diag.Severity]string{diag.Error: "\x1b[1;31m", diag.Warning: "\x1b[33m", diag.Info: "\x1b[36m"}

// WriteColor prints r in the text format with the severities coloured for a
// terminal (ANSI escapes); the text is otherwise identical to Write's.
func WriteColor(w io.Writer, r Report) error {
	bw := bufio.NewWriterSize(w, 64<<10) // as writeText: large writes
	for _, d := range r.Diagnostics {
		if _, err := fmt.Fprintf(bw, "%s: %s%s\x1b[0m: %s \x1b[2m[%s]\x1b[0m\n", d.Pos, severityColors[d.Severity], d.Severity, diag.Printable(d.Message), d.Rule); err != nil {
			return err
		}
	}
	return bw.Flush()
}

type jsonDiag struct {
	Rule      string `json:"rule"`
	Severity  string `json:"severity"`
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"endLine"`
	EndColumn int    `json:"endColumn"`
	Offset    int    `json:"offset"`
	EndOffset int    `json:"endOffset"`
	Message   string `json:"message"`
}

type jsonSummary struct {
	Files    int `json:"files"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
}

// writeJSON prints {"diagnostics":[…],"summary":{…}} (DESIGN §3).
func writeJSON(w io.Writer, r Report) error {
	out := struct {
		Diagnostics []jsonDiag  `json:"diagnostics"`
		Summary     jsonSummary `json:"summary"`
	}{Diagnostics: []jsonDiag{}, Summary: summary(r)}
	for _, d := range r.Diagnostics {
		end := endOf(d)
		out.Diagnostics = append(out.Diagnostics, jsonDiag{Rule: d.Rule, Severity: d.Severity.String(), File: d.Pos.File,
			Line: d.Pos.Line, Column: d.Pos.Col, EndLine: end.Line, EndColumn: end.Col, Offset: d.Pos.Offset, EndOffset: end.Offset,
			Message: d.Message})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

func summary(r Report) jsonSummary {
	return jsonSummary{Files: r.Files, Errors: r.Diagnostics.Count(diag.Error),
		Warnings: r.Diagnostics.Count(diag.Warning), Infos: r.Diagnostics.Count(diag.Info)}
}

// endOf returns the end of d, defaulting to its start.
func endOf(d diag.Diagnostic) diag.Pos {
	if d.End.Line == 0 {
		return d.Pos
	}
	return d.End
}

// writeGitHub prints GitHub Actions workflow commands, one per finding.
func writeGitHub(w io.Writer, r Report) error {
	for _, d := range r.Diagnostics {
		level := map[diag.Severity]string{diag.Error: "error", diag.Warning: "warning", diag.Info: "notice"}[d.Severity]
		props := []string{"file=" + ghProp(d.Pos.File)}
		if d.Pos.Line > 0 {
			props = append(props, fmt.Sprintf("line=%d", d.Pos.Line))
			if d.Pos.Col > 0 {
				props = append(props, fmt.Sprintf("col=%d", d.Pos.Col))
			}
			if e := endOf(d); e.Line > d.Pos.Line {
				props = append(props, fmt.Sprintf("endLine=%d", e.Line))
			} else if e.Line == d.Pos.Line && e.Col > d.Pos.Col {
				props = append(props, fmt.Sprintf("endColumn=%d", e.Col))
			}
		}
		if d.Rule != "" { // a project file's error has none
			props = append(props, "title="+ghProp(d.Rule))
		}
		if _, err := fmt.Fprintf(w, "::%s %s::%s\n", level, strings.Join(props, ","), ghData(d.Message)); err != nil {
			return err
		}
	}
	return nil
}

// ghData escapes a workflow command's message: GitHub's own escapes for
// the characters it decodes, then diag.Printable for every other control
// character, which the runner would write into the log as it is (an ANSI
// escape in a file name could recolour or hide the log's lines).
func ghData(s string) string {
	return diag.Printable(strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s))
}

// ghProp escapes a workflow command's property value as ghData does, and
// the property separators ':' and ','.
func ghProp(s string) string {
	return diag.Printable(strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s))
}

// ruleIDsOf returns the distinct rule ids of ds, sorted.
func ruleIDsOf(ds diag.List) []string {
	set := map[string]bool{}
	for _, d := range ds {
		set[d.Rule] = true
	}
	out := make([]string, 0, len(set))
	for id := range set {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}
