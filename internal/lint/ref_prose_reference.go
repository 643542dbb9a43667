package lint

import (
	"bytes"
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// proseReference matches "see the embedding manual", "consult the manuals on
// X", "siehe das Handbuch …" and similar references without call syntax.
// The groups are the verb, the words naming the manual and the noun.
var proseReference = regexp.MustCompile(`(?i)\b(see|consult|check|read|refer to|look (?:at|in)|siehe|lies|schau (?:im|in das|ins))\s+(?:the\s+|das\s+|im\s+|den\s+|die\s+)?((?:[\w'’-]+\s+){0,3}?)(manuals?|handbuch|handbücher|anleitung)\b`)

var refProseReference = &Rule{
	ID: "ref/prose-reference", Severity: diag.Warning,
	Summary: "\"see the X manual\" without the exact call syntax",
	Doc: "Models ignore prose references such as \"for embedding, see the Embedding manual\" and call what they see written as a call " +
		"(seed 000 §4, rule 1). Write the exact call instead: \"before answering about X: `manual_read('embed-images')`\". " +
		"A line that already carries a `manual_read('…')` call is not reported.",
	Scope: ScopeNames, // the names and paths of the manuals: whether a name resolves, and to which file
	Manual: func(p *Pass, m *manual.Manual) {
		reportProse(p, m.Path, m.Src, m.Header.End+1, fenceLines(m), p.In.Manuals)
	},
	// In a prompt, "see the embedding manual" is exactly what seed 000 §4
	// rule 1 forbids.
	Project: promptRule(func(p *Pass) {
		for _, f := range slices.Sorted(maps.Keys(p.In.Prompts.Files)) {
			src := p.In.Prompts.Files[f]
			reportProse(p, f, src, 1, promptSkipLines(string(src)), nil)
		}
	}),
}

// reportProse reports the prose references in src from line first on,
// skipping lines inside code blocks. With set, a reference whose words
// name exactly one manual of set carries the fix that writes the call.
func reportProse(p *Pass, file string, src []byte, first int, skip func(int) bool, set *manual.Set) {
	line, off := 0, 0
	for len(src) > 0 {
		line++
		lineStart := off
		var l []byte
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			l, src = src[:i], src[i+1:]
		} else {
			l, src = src, nil
		}
		off += len(l) + 1
		// The regular expression is slow; most lines name no manual at all.
		if line < first || !mentionsManual(l) || !namesVerb(l) || skip != nil && skip(line) || bytes.Contains(l, manualReadCall) {
			continue
		}
		s := string(l)
		loc := proseReference.FindStringSubmatchIndex(s)
		if loc == nil {
			continue
		}
		var fix *diag.Fix
		if name, ok := proseTarget(set, file, s[loc[4]:loc[5]]); ok {
			call := s[loc[2]:loc[3]] + " `manual_read('" + name + "')`"
			fix = &diag.Fix{Title: "write " + call, Edits: []diag.Edit{{Start: lineStart + loc[0], End: lineStart + loc[1], New: call}}}
		}
		col := utf8.RuneCountInString(s[:loc[0]]) + 1
		p.ReportFix(diag.Pos{File: file, Line: line, Col: col}, diag.Pos{File: file, Line: line, Col: col + utf8.RuneCountInString(s[loc[0]:loc[1]])}, fix,
			"prose reference %s: models skip prose; write the exact call, e.g. \"before answering about X: `manual_read('name')`\"", diag.Excerpt(strings.TrimSpace(s[loc[0]:loc[1]])))
	}
}

var manualReadCall = []byte("manual_read(")

// proseTarget returns the one manual of set that the words of a prose
// reference ("image embedding" of "see the image embedding manual") name:
// as written, in lower case, joined by '-', or one of them alone. More
// than one name, or none, is no target; nor is file's own name.
func proseTarget(set *manual.Set, file, words string) (string, bool) {
	fs := strings.Fields(words)
	if set == nil || len(fs) == 0 {
		return "", false
	}
	cands := []string{strings.Join(fs, "-")}
	cands = append(cands, fs...)
	found := map[string]bool{}
	for _, c := range cands {
		for _, n := range []string{c, strings.ToLower(c)} {
			if ms := set.ByName(n); manual.ValidName(n) && len(ms) > 0 && (len(ms) > 1 || ms[0].Path != file) {
				found[n] = true
			}
		}
	}
	if len(found) != 1 {
		return "", false
	}
	for n := range found {
		return n, true
	}
	return "", false
}

// mentionsManual reports whether l contains one of the nouns
// proseReference ends in (manual, Handbuch, Handbücher, Anleitung), in any
// case: a cheap filter before the regular expression.
func mentionsManual(l []byte) bool {
	for i := 0; i < len(l); i++ {
		switch l[i] | 0x20 {
		case 'm':
			if hasPrefixFold(l[i:], "manual") {
				return true
			}
		case 'h':
			if hasPrefixFold(l[i:], "handb") {
				return true
			}
		case 'a':
			if hasPrefixFold(l[i:], "anleitung") {
				return true
			}
		}
	}
	return false
}

// proseVerbs are the verbs proseReference starts with, in lower case (a
// prefix of each: "refer to", "look at", "schau ins").
var proseVerbs = []string{"see", "consult", "check", "read", "refer", "look", "siehe", "lies", "schau"}

// namesVerb reports whether l may hold one of proseVerbs as
// proseReference matches it (case-insensitively, by Unicode simple
// folding): it holds one in ASCII, or holds one of the two non-ASCII
// letters that fold to their letters (ſ, U+017F, to s; the Kelvin sign
// K, U+212A, to k). Most lines that name a manual name no such verb, and
// the regular expression is slow.
func namesVerb(l []byte) bool {
	if bytes.Contains(l, longS) || bytes.Contains(l, kelvin) {
		return true
	}
	for i := 0; i < len(l); i++ {
		c := l[i] | 0x20
		for _, v := range proseVerbs {
			if c == v[0] && hasPrefixFold(l[i:], v) {
				return true
			}
		}
	}
	return false
}

var longS, kelvin = []byte("\u017f"), []byte("\u212a")

// hasPrefixFold reports whether b starts with the lowercase ASCII word w,
// ignoring ASCII case.
func hasPrefixFold(b []byte, w string) bool {
	if len(b) < len(w) {
		return false
	}
	for i := 0; i < len(w); i++ {
		if b[i]|0x20 != w[i] {
			return false
		}
	}
	return true
}

// fenceLines returns a predicate for lines inside m's code blocks.
func fenceLines(m *manual.Manual) func(int) bool {
	if len(m.Fences) == 0 {
		return nil
	}
	return func(n int) bool {
		for _, f := range m.Fences {
			if n >= f.Line && n <= f.EndLine {
				return true
			}
		}
		return false
	}
}

// promptSkipLines marks the lines of a prompt file that are not prose:
// fenced lines, HTML comment lines, and a lead-in paragraph ending in ':'
// whose list gives the exact calls ("… consult the relevant manual:"
// above "- `manual_read('x')` — when …").
func promptSkipLines(src string) func(int) bool {
	var skip []bool
	fence := ""
	for _, l := range strings.Split(src, "\n") {
		t := strings.TrimSpace(l)
		in := fence != ""
		if f := fenceMarker(t); f != "" {
			if fence == "" {
				fence = f
				in = true
			} else if strings.HasPrefix(f, fence[:1]) && len(f) >= len(fence) {
				fence = ""
				in = true
			}
		}
		skip = append(skip, in || strings.HasPrefix(t, "<!--") && strings.HasSuffix(t, "-->"))
	}
	markLeadIns(strings.Split(src, "\n"), skip)
	return func(n int) bool { return n >= 1 && n <= len(skip) && skip[n-1] }
}

// markLeadIns marks the paragraphs that end in ':' and are followed by a
// list whose first item holds a manual_read call.
func markLeadIns(lines []string, skip []bool) {
	for i, l := range lines {
		if !strings.HasSuffix(strings.TrimSpace(l), ":") {
			continue
		}
		j := i + 1
		for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
			j++
		}
		if j >= len(lines) || !strings.Contains(lines[j], "manual_read(") {
			continue
		}
		if t := strings.TrimSpace(lines[j]); !strings.HasPrefix(t, "- ") && !strings.HasPrefix(t, "* ") {
			continue
		}
		for k := i; k >= 0 && strings.TrimSpace(lines[k]) != ""; k-- {
			skip[k] = true
		}
	}
}

func fenceMarker(t string) string {
	for _, c := range []byte{'`', '~'} {
		n := 0
		for n < len(t) && t[n] == c {
			n++
		}
		if n >= 3 {
			return t[:n]
		}
	}
	return ""
}
