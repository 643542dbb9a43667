package manual

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lorekit/lore/internal/diag"
)

// The keys of the lore header (seed 000 §3).
const (
	KeyAudience      = "audience"
	KeyTriggers      = "triggers"
	KeySummary       = "summary"
	KeyRequiresTools = "requires-tools"
)

// HeaderKeys returns the four keys of the lore header in their documented
// order.
func HeaderKeys() []string { return []string{KeyAudience, KeyTriggers, KeySummary, KeyRequiresTools} }

// Field is one `key: value` line of a header.
type Field struct {
	Key   string
	Value string
	Line  int // 1-based line of the field
	Col   int // column of the value
}

// Problem is a defect found while parsing a file, tagged with the lint rule
// that reports it. Line 0 means the whole file.
type Problem struct {
	Rule    string
	Line    int
	Col     int
	EndLine int
	EndCol  int
	Message string
}

// Header is the metadata block at the top of a manual: the strict lore
// header (`---` / `key: value` lines / `---`) or, for the Agent Skills
// dialect, YAML front matter.
type Header struct {
	Present bool
	Start   int // line of the opening ---
	End     int // line of the closing ---; 0 when it never closes
	Fields  []Field
	// Meta holds the decoded YAML front matter (Agent Skills dialect only).
	Meta map[string]any
}

// Field returns the first field with key k.
func (h *Header) Field(k string) (Field, bool) {
	for _, f := range h.Fields {
		if f.Key == k {
			return f, true
		}
	}
	return Field{}, false
}

// isFence reports whether line is a header delimiter: exactly three hyphens,
// optionally followed by spaces.
func isFence(line []byte) bool {
	return bytes.Equal(bytes.TrimRight(line, " \t\r"), []byte("---"))
}

// parseLoreHeader reads the strict lore header from the start of src. It
// returns the header, the byte offset where the body starts and the
// problems found. A file without a header yields Present == false and body
// offset 0.
func parseLoreHeader(src []byte, idx diag.Lines) (Header, int, []Problem) {
	var h Header
	f, ok := fenced(src, idx)
	if !ok {
		return h, 0, nil
	}
	h.Present, h.Start = true, 1
	if f.close == 0 {
		return h, 0, []Problem{{
			Rule: RuleHeaderUnterminated, Line: 1, Col: 1,
			Message: "the header opened here never closes: add a line `---` after the last `key: value` line (or remove the opening `---` if this is not a header)",
		}}
	}
	closeLine, body := f.close, f.body
	h.End = closeLine

	var probs []Problem
	seen := map[string]int{}
	for n := 2; n < closeLine; n++ {
		line := idx.Text(src, n)
		s := string(line)
		if strings.TrimSpace(s) == "" {
			probs = append(probs, Problem{Rule: RuleHeaderNotYAML, Line: n, Col: 1,
				Message: "blank line inside the header: the header holds only `key: value` lines; remove the blank line"})
			continue
		}
		if i := strings.IndexFunc(s, func(r rune) bool { return r != '\t' && unicode.IsControl(r) }); i >= 0 {
			col := utf8.RuneCountInString(s[:i]) + 1
			probs = append(probs, Problem{Rule: RuleHeaderNotYAML, Line: n, Col: col, EndLine: n, EndCol: col + 1,
				Message: fmt.Sprintf("control character %U in a header line: a value is plain text on one line; remove it", []rune(s[i:])[0])})
			continue
		}
		if p, ok := yamlism(s, n); ok {
			probs = append(probs, p)
			continue
		}
		key, raw, ok := headerKeyLine(s)
		if !ok {
			msg := fmt.Sprintf("%s is not a `key: value` line: each header line is one key, a colon and a value on the same line", diag.Excerpt(s))
			if k, _, ok := strings.Cut(s, ":"); ok && strings.TrimSpace(k) != "" {
				msg = fmt.Sprintf("%s is not a header key: keys are ASCII letters, digits, '.', '_' and '-' (audience, triggers, summary, requires-tools)", diag.Excerpt(strings.TrimSpace(k)))
			}
			probs = append(probs, Problem{Rule: RuleHeaderNotYAML, Line: n, Col: 1, EndLine: n, EndCol: utf8.RuneCountInString(s) + 1, Message: msg})
			continue
		}
		value := strings.TrimSpace(raw)
		valCol := utf8.RuneCountInString(s) - utf8.RuneCountInString(strings.TrimLeftFunc(raw, unicode.IsSpace)) + 1
		if value == "" {
			// An empty value followed by indented or "- " lines is a YAML
			// block; report it once, with the plain form.
			if p, skip, ok := yamlBlock(src, idx, n, closeLine, key); ok {
				probs = append(probs, p)
				n += skip
				continue
			}
		}
		if p, ok := yamlValue(key, value, n, valCol); ok {
			probs = append(probs, p)
			continue
		}
		if first, dup := seen[key]; dup {
			probs = append(probs, Problem{Rule: RuleHeaderDuplicateKey, Line: n, Col: 1, EndLine: n, EndCol: utf8.RuneCount([]byte(key)) + 1,
				Message: fmt.Sprintf("key %s appears twice (first on line %d): keep one line and merge the values", diag.Excerpt(key), first)})
			continue
		}
		seen[key] = n
		if value == "" {
			probs = append(probs, Problem{Rule: RuleHeaderEmptyValue, Line: n, Col: 1, EndLine: n, EndCol: utf8.RuneCountInString(s) + 1,
				Message: fmt.Sprintf("key %s has no value: give it one or delete the line", diag.Excerpt(key))})
			continue
		}
		h.Fields = append(h.Fields, Field{Key: key, Value: value, Line: n, Col: valCol})
	}
	return h, body, probs
}

var bom = []byte("\xef\xbb\xbf")

// yamlPropertyRE matches a YAML anchor (&name) or tag (!!str, !tag) before
// a value.
var yamlPropertyRE = regexp.MustCompile(`^(?:&[A-Za-z0-9_-]+|!!?[A-Za-z0-9_-]*)(?:\s+|$)`)

// yamlism recognises lines that only make sense in YAML.
func yamlism(s string, n int) (Problem, bool) {
	trimmed := strings.TrimLeft(s, " \t")
	end := utf8.RuneCountInString(s) + 1
	mk := func(msg string) (Problem, bool) {
		return Problem{Rule: RuleHeaderNotYAML, Line: n, Col: 1, EndLine: n, EndCol: end,
			Message: "the header is not YAML: " + msg}, true
	}
	switch {
	case strings.HasPrefix(trimmed, "#"):
		return mk("comments are not allowed; delete this line")
	case strings.HasPrefix(trimmed, "- ") || trimmed == "-":
		return mk("list items are not allowed; write the list on one line, comma-separated, e.g. `triggers: " + diag.Clip(strings.TrimSpace(strings.TrimPrefix(trimmed, "-"))) + ", …`")
	case len(trimmed) < len(s):
		return mk("indented lines (nesting or continuation) are not allowed; put the whole value on its key's line: `key: value`")
	}
	return Problem{}, false
}

// yamlValue recognises YAML syntax in a value: quotes, flow lists and maps,
// block scalars, anchors.
func yamlValue(key, v string, n, col int) (Problem, bool) {
	mk := func(msg, plain string) (Problem, bool) {
		return Problem{Rule: RuleHeaderNotYAML, Line: n, Col: col, EndLine: n, EndCol: col + utf8.RuneCountInString(v),
			Message: fmt.Sprintf("the header is not YAML: %s; write `%s: %s`", msg, diag.Clip(key), diag.Clip(plain))}, true
	}
	if len(v) >= 2 {
		q := v[0]
		if (q == '"' || q == '\'') && v[len(v)-1] == q {
			return mk("quotes would be kept as part of the value", v[1:len(v)-1])
		}
		if v[0] == '[' && v[len(v)-1] == ']' {
			return mk("a YAML list is not needed, the value is comma-separated", unquoteItems(v[1:len(v)-1]))
		}
		if v[0] == '{' && v[len(v)-1] == '}' {
			return mk("nested maps are not allowed", "<one line of text>")
		}
	}
	switch v {
	case "|", ">", "|-", ">-", "|+", ">+":
		return mk("multi-line values are not allowed", "<the text on one line>")
	}
	if m := yamlPropertyRE.FindStringSubmatch(v); m != nil {
		return mk("anchors and tags are not allowed", strings.TrimSpace(v[len(m[0]):]))
	}
	return Problem{}, false
}

func unquoteItems(s string) string {
	parts := strings.Split(s, ",")
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if len(p) >= 2 && (p[0] == '"' || p[0] == '\'') && p[len(p)-1] == p[0] {
			p = p[1 : len(p)-1]
		}
		parts[i] = p
	}
	return strings.Join(slices.DeleteFunc(parts, func(p string) bool { return p == "" }), ", ")
}

// yamlBlock recognises `key:` followed by indented lines or "- " items: a
// YAML block list, map or scalar. It reports one problem spanning the block
// and the number of continuation lines to skip.
func yamlBlock(src []byte, idx diag.Lines, n, closeLine int, key string) (Problem, int, bool) {
	var items []string
	last := n
	for m := n + 1; m < closeLine; m++ {
		l := string(idx.Text(src, m))
		t := strings.TrimLeft(l, " \t")
		if t == l && !strings.HasPrefix(t, "-") {
			break
		}
		items = append(items, strings.TrimSpace(strings.TrimPrefix(t, "-")))
		last = m
	}
	if last == n {
		return Problem{}, 0, false
	}
	plain := unquoteItems(strings.Join(items, ","))
	if key == KeySummary {
		plain = strings.Join(items, " ")
	}
	return Problem{Rule: RuleHeaderNotYAML, Line: n, Col: 1, EndLine: last, EndCol: utf8.RuneCount(idx.Text(src, last)) + 1,
		Message: fmt.Sprintf("the header is not YAML: a value spread over %s is not allowed; write it on one line: `%s: %s`", lineSpan(n+1, last), diag.Clip(key), diag.Clip(plain))}, last - n, true
}

func lineSpan(a, b int) string {
	if a == b {
		return fmt.Sprintf("line %d", a)
	}
	return fmt.Sprintf("lines %d–%d", a, b)
}

// splitList splits a comma-separated header value into trimmed, non-empty
// items.
func splitList(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
