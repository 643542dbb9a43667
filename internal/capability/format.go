package capability

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/plural"
)

// Report is a capability delta as lore diff prints it.
type Report struct {
	// Base says what the sources were compared with ("manuals.lock",
	// "origin/main:manuals.lock").
	Base    string
	Changes []Change
}

// manuals counts the manuals the changes touch.
func (r *Report) manuals() int {
	n, last := 0, "\x00"
	for _, c := range r.Changes {
		if c.Manual != last {
			n++
			last = c.Manual
		}
	}
	return n
}

func (r *Report) summary() string {
	if len(r.Changes) == 0 {
		return "no capability changes against " + r.Base
	}
	return fmt.Sprintf("%s in %s against %s", plural.Of(len(r.Changes), "change", "changes"), plural.Of(r.manuals(), "manual", "manuals"), r.Base)
}

// WriteText prints the changes grouped by manual, each with where it is,
// and a summary line.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	last := "\x00"
	for _, c := range r.Changes {
		if c.Manual != last {
			fmt.Fprintf(&b, "manual %s (%s):\n", diag.Clip(c.Name), diag.Clip(c.Manual))
			last = c.Manual
		}
		line := "  " + c.Describe()
		if c.Pos.File != "" {
			line += "  [" + diag.Clip(c.Pos.String()) + "]"
		}
		b.WriteString(line + "\n")
	}
	b.WriteString(r.summary() + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// jsonChange is one change of lore diff --format json.
type jsonChange struct {
	Manual string `json:"manual"`
	Name   string `json:"name"`
	Kind   Kind   `json:"kind"`
	Change Op     `json:"change"`
	Value  string `json:"value"`
	Probe  string `json:"probe,omitempty"`
	Old    string `json:"old,omitempty"`
	New    string `json:"new,omitempty"`
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
}

// WriteJSON prints {"base", "changes": [...], "summary": {...}}.
func (r *Report) WriteJSON(w io.Writer) error {
	out := struct {
		Base    string         `json:"base"`
		Changes []jsonChange   `json:"changes"`
		Summary map[string]int `json:"summary"`
	}{Base: r.Base, Changes: []jsonChange{}, Summary: map[string]int{"manuals": r.manuals(), "changes": len(r.Changes)}}
	for _, op := range []Op{Added, Removed, Changed} {
		out.Summary[string(op)] = 0
	}
	for _, c := range r.Changes {
		out.Changes = append(out.Changes, jsonChange{Manual: c.Manual, Name: c.Name, Kind: c.Kind, Change: c.Op, Value: c.Value,
			Probe: c.Probe, Old: c.Old, New: c.New, File: c.Pos.File, Line: c.Pos.Line, Column: c.Pos.Col})
		out.Summary[string(c.Op)]++
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// WriteMarkdown prints a summary and a table for a pull-request comment
// or a job summary. Every value from the input is a code span with
// hidden characters escaped and pipes escaped, so a file name cannot
// break the table or inject markup.
func (r *Report) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	if len(r.Changes) == 0 {
		fmt.Fprintf(&b, "No capability changes against %s.\n", mdCode(r.Base))
		_, err := io.WriteString(w, b.String())
		return err
	}
	counts := map[Op]int{}
	for _, c := range r.Changes {
		counts[c.Op]++
	}
	var parts []string
	for _, op := range []Op{Added, Changed, Removed} {
		if counts[op] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[op], op))
		}
	}
	fmt.Fprintf(&b, "**%s** in %s against %s (%s).\n\n", plural.Of(len(r.Changes), "capability change", "capability changes"),
		plural.Of(r.manuals(), "manual", "manuals"), mdCode(r.Base), strings.Join(parts, ", "))
	b.WriteString("| Manual | Change | Where |\n|---|---|---|\n")
	for _, c := range r.Changes {
		where := ""
		if c.Pos.File != "" {
			where = mdCode(c.Pos.String())
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", mdCode(c.Name), mdDescribe(c), where)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// mdDescribe is Describe with the values as code spans.
func mdDescribe(c Change) string {
	v := mdCode(c.Value)
	switch {
	case c.Kind == Manual && c.Op == Added:
		return "new manual " + mdCode(c.Manual)
	case c.Kind == Manual:
		return "manual removed " + mdCode(c.Manual)
	case c.Kind == Name:
		return fmt.Sprintf("renamed from %s to %s", mdCode(c.Old), mdCode(c.New))
	case c.Kind == File && c.Op == Changed:
		return fmt.Sprintf("file %s changed (%s, locked %s)", v, mdCode(short(c.New)), mdCode(short(c.Old)))
	case c.Kind == Route:
		return "**" + c.route(mdCode, mdCode) + "**"
	case c.Op == Added:
		return fmt.Sprintf("**new %s** %s", c.Kind.noun(), c.value(mdCode))
	}
	return fmt.Sprintf("%s %s removed", c.Kind.noun(), c.value(mdCode))
}

// mdCode makes s a Markdown code span: hidden and control characters
// escaped (diag.Clip), pipes escaped for tables, and a backtick fence
// longer than any run of backticks inside.
func mdCode(s string) string {
	s = strings.ReplaceAll(diag.Clip(s), "|", `\|`)
	longest, run := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if longest > 0 || strings.HasPrefix(s, " ") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}
