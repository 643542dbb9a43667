package lint

import (
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// headerFix returns the exact replacement for a header/not-yaml problem of
// m, or nil when none is exact: a blank or comment line is deleted, a
// YAML value (quotes, flow list, tag, block list) becomes the plain form
// the parser's message names, and "- item" or continuation lines under a
// `key: value` line are folded into that line.
func headerFix(m *manual.Manual, pr manual.Problem) *diag.Fix {
	if pr.Rule != "header/not-yaml" || m.InSkill() || pr.Line < 2 || m.Header.End == 0 || pr.Line >= m.Header.End {
		return nil
	}
	src := m.Src
	text, ok := lineText(src, pr.Line)
	if !ok {
		return nil
	}
	trimmed := strings.TrimLeft(text, " \t")
	switch {
	case strings.TrimSpace(text) == "":
		return deleteLines(src, pr.Line, pr.Line, "delete the blank line")
	case strings.HasPrefix(trimmed, "#"):
		return deleteLines(src, pr.Line, pr.Line, "delete the comment")
	case strings.HasPrefix(trimmed, "- ") || trimmed == "-" || len(trimmed) < len(text):
		return foldUnder(m, pr.Line)
	}
	plain, ok := plainForm(pr.Message)
	if !ok {
		return nil
	}
	key, _, _ := strings.Cut(text, ":")
	if k, _, _ := strings.Cut(plain, ":"); k != strings.TrimSpace(key) {
		return nil
	}
	last := max(pr.Line, pr.EndLine)
	return replaceLines(src, pr.Line, last, plain, "write `"+plain+"`")
}

// plainForm extracts the `key: value` the parser's message ends with, when
// it is an exact replacement (not a placeholder, not empty).
func plainForm(msg string) (string, bool) {
	if !strings.HasSuffix(msg, "`") {
		return "", false
	}
	i := strings.LastIndexByte(msg[:len(msg)-1], '`')
	if i < 0 {
		return "", false
	}
	plain := msg[i+1 : len(msg)-1]
	key, value, ok := strings.Cut(plain, ": ")
	if !ok || key == "" || strings.TrimSpace(value) == "" || strings.Contains(value, "<") && strings.Contains(value, ">") && strings.HasPrefix(value, "<") {
		return "", false
	}
	// YAML escapes inside quotes ("a \"b\"", 'it''s') would need decoding;
	// the message shows them raw.
	if strings.Contains(msg, `quotes would be kept`) && (strings.Contains(value, `\`) || strings.Contains(value, `''`)) {
		return "", false
	}
	return plain, true
}

// foldUnder folds the run of "- item" or indented continuation lines that
// holds line n into the `key: value` line above the run: items join the
// comma list, continuation lines the text (as YAML would fold them).
// Runs that mix both, or stand under no key line, are left alone.
func foldUnder(m *manual.Manual, n int) *diag.Fix {
	h := headerLines{src: m.Src, end: m.Header.End}
	want, _ := h.kind(n)
	first, ok := h.runStart(n, want)
	if !ok {
		return nil
	}
	keyLine := first - 1
	key, value, ok := h.keyValue(keyLine)
	if !ok {
		return nil
	}
	parts, last, ok := h.run(first, want)
	if !ok {
		return nil
	}
	sep := ", "
	if want == lineCont {
		sep = " "
	}
	joined := key + ": " + strings.Join(append([]string{value}, parts...), sep)
	return replaceLines(m.Src, keyLine, last, joined, "fold into `"+key+":` on one line")
}

// headerLines reads the lines of a manual's header: src up to line end.
type headerLines struct {
	src []byte
	end int
}

// The kinds of header line a fold joins.
const (
	lineItem = "item" // "- item"
	lineCont = "cont" // an indented continuation of the value above
)

// kind returns the kind of header line l (lineItem, lineCont, or "" for
// any other line or one outside the header) and the value it adds: the
// item without its dash and quotes, or the trimmed continuation.
func (h headerLines) kind(l int) (string, string) {
	t, ok := lineText(h.src, l)
	if !ok || l <= 1 || l >= h.end {
		return "", ""
	}
	tt := strings.TrimLeft(t, " \t")
	switch {
	case strings.HasPrefix(tt, "- ") || tt == "-":
		return lineItem, unquoteItem(strings.TrimSpace(strings.TrimPrefix(tt, "-")))
	case len(tt) < len(t) && strings.TrimSpace(t) != "" && !strings.HasPrefix(tt, "#"):
		return lineCont, strings.TrimSpace(tt)
	}
	return "", ""
}

// runStart returns the first line of the run of want lines that holds
// line n, or false when a line of the other kind comes first.
func (h headerLines) runStart(n int, want string) (int, bool) {
	first := n
	for {
		k, _ := h.kind(first - 1)
		if k == "" {
			return first, true
		}
		if k != want {
			return 0, false
		}
		first--
	}
}

// keyValue splits the `key: value` line l, when it is one whose plain
// value a fold can extend.
func (h headerLines) keyValue(l int) (key, value string, ok bool) {
	kt, ok := lineText(h.src, l)
	if !ok || l < 2 {
		return "", "", false
	}
	key, value, ok = strings.Cut(kt, ":")
	value = strings.TrimSpace(value)
	if !ok || key != strings.TrimSpace(key) || key == "" || value == "" || !isPlainHeaderValue(value) {
		return "", "", false
	}
	return key, value, true
}

// run returns the values of the run of want lines from line first and its
// last line (first-1 when it is empty), or false when it mixes kinds or a
// value is not plain text.
func (h headerLines) run(first int, want string) (parts []string, last int, ok bool) {
	last = first - 1
	for l := first; ; l++ {
		k, v := h.kind(l)
		if k == "" {
			break
		}
		if k != want {
			return nil, 0, false
		}
		if v != "" {
			parts = append(parts, v)
		}
		last = l
	}
	for _, p := range parts {
		if !isPlainHeaderValue(p) {
			return nil, 0, false
		}
	}
	return parts, last, true
}

// unquoteItem removes the quotes around a list item that holds no YAML
// escapes ("a", 'b'); other items are returned as they are.
func unquoteItem(v string) string {
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		in := v[1 : len(v)-1]
		if !strings.ContainsAny(in, "\\\"'") {
			return in
		}
	}
	return v
}

// isPlainHeaderValue reports whether v is already plain text (no YAML
// quoting or brackets that a fold would carry along).
func isPlainHeaderValue(v string) bool {
	if v == "" {
		return false
	}
	switch v[0] {
	case '"', '\'', '[', '{', '|', '>', '&', '!', '#':
		return false
	}
	return !strings.Contains(v, "`")
}

// replaceLines replaces the text of lines a..b of src with text, keeping
// the line ending of line b.
func replaceLines(src []byte, a, b int, text, title string) *diag.Fix {
	s, _, _, ok := lineBounds(src, a)
	_, e, _, ok2 := lineBounds(src, b)
	if !ok || !ok2 || e < s {
		return nil
	}
	return &diag.Fix{Title: title, Edits: []diag.Edit{{Start: s, End: e, New: text}}}
}

// deleteLines deletes lines a..b of src with their line endings.
func deleteLines(src []byte, a, b int, title string) *diag.Fix {
	s, _, _, ok := lineBounds(src, a)
	_, _, next, ok2 := lineBounds(src, b)
	if !ok || !ok2 || next < s {
		return nil
	}
	return &diag.Fix{Title: title, Edits: []diag.Edit{{Start: s, End: next}}}
}
