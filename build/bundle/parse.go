package bundle

import (
	"fmt"
	"strings"
)

// SectionText is one section read back from a rendered prefix or tail:
// the block's name and its text as the composition had it (trailing
// blanks removed, the style's encoding undone).
type SectionText struct {
	Name string
	Text string
}

// ParseSections reads the sections of text, a prefix or tail as Render
// writes it in style st: sections separated by a blank line, a final
// newline, or nothing at all. It recognises structure the way a reader of
// the style does (an xml section tag wherever it appears, a CommonMark
// closing fence, an inline heading line) and fails on anything Render
// would not have written, so a section count and names it returns are
// exactly what the rendered text shows.
func ParseSections(st Style, text string) ([]SectionText, error) {
	if text == "" {
		return nil, nil
	}
	body, ok := strings.CutSuffix(text, "\n")
	if !ok {
		return nil, fmt.Errorf("rendered %s text does not end in a newline", st)
	}
	var read func(string) (SectionText, string, error)
	switch st {
	case XML:
		read = readXML
	case Fenced:
		read = readFenced
	case Inline:
		read = readInline
	default:
		return nil, fmt.Errorf("unknown render style %q", st)
	}
	var out []SectionText
	for {
		if body == "" {
			return nil, fmt.Errorf("section %d: missing", len(out)+1)
		}
		s, rest, err := read(body)
		if err != nil {
			return nil, fmt.Errorf("section %d: %w", len(out)+1, err)
		}
		out = append(out, s)
		if rest == "" {
			return out, nil
		}
		next, ok := strings.CutPrefix(rest, "\n\n")
		if !ok {
			return nil, fmt.Errorf("section %d (%s): followed by %q, not a blank line and the next section", len(out), s.Name, clip(rest))
		}
		body = next
	}
}

// readXML reads one xml section at the start of s and returns the rest.
func readXML(s string) (SectionText, string, error) {
	tag, ok := nextTag(s, 0)
	if !ok || tag != 0 {
		return SectionText{}, "", fmt.Errorf("want <section name=\"…\">, got %q", clip(s))
	}
	name, after, ok := openTag(s)
	if !ok {
		return SectionText{}, "", fmt.Errorf("malformed opening tag %q", clip(s))
	}
	start := after
	if !strings.HasPrefix(s[start:], "\n") {
		return SectionText{}, "", fmt.Errorf("%s: no line break after the opening tag", name)
	}
	start++
	end, ok := nextTag(s, start)
	if !ok {
		return SectionText{}, "", fmt.Errorf("%s: no closing </section>", name)
	}
	if !strings.HasPrefix(s[end:], "</section>") {
		return SectionText{}, "", fmt.Errorf("%s: a section tag %q inside the section", name, clip(s[end:]))
	}
	// Render writes "\n</section>" after the text, even an empty one.
	if end == start || s[end-1] != '\n' {
		return SectionText{}, "", fmt.Errorf("%s: </section> does not follow a line break", name)
	}
	return SectionText{Name: name, Text: xmlUnescape(s[start : end-1])}, s[end+len("</section>"):], nil
}

// nextTag returns the index of the next '<' at or after i that starts a
// section tag.
func nextTag(s string, i int) (int, bool) {
	for {
		j := strings.IndexByte(s[i:], '<')
		if j < 0 {
			return 0, false
		}
		if sectionTagAt(s, i+j+1) {
			return i + j, true
		}
		i += j + 1
	}
}

// openTag reads `<section name="NAME">` at the start of s.
func openTag(s string) (name string, end int, ok bool) {
	rest, ok := strings.CutPrefix(s, `<section name="`)
	if !ok {
		return "", 0, false
	}
	i := strings.Index(rest, `">`)
	if i < 0 || !ValidName(rest[:i]) {
		return "", 0, false
	}
	return rest[:i], len(`<section name="`) + i + 2, true
}

// readFenced reads one fenced section at the start of s.
func readFenced(s string) (SectionText, string, error) {
	lines := splitLines(s)
	if len(lines) == 0 {
		return SectionText{}, "", fmt.Errorf("empty")
	}
	open := trimEOL(lines[0])
	k := 0
	for k < len(open) && open[k] == '`' {
		k++
	}
	name := open[k:]
	if k < 3 || !ValidName(name) || lines[0] == open || !strings.HasSuffix(lines[0], "\n") || strings.HasSuffix(lines[0], "\r\n") {
		return SectionText{}, "", fmt.Errorf("want a fence line such as ```name, got %q", clip(s))
	}
	start := len(lines[0])
	at := start
	for _, l := range lines[1:] {
		if closesFence(trimEOL(l), k) {
			if trimEOL(l) != open[:k] {
				return SectionText{}, "", fmt.Errorf("%s: closed by %q, not by its own fence", name, trimEOL(l))
			}
			// Render writes "\n" and the fence after the text, even an
			// empty one.
			if at == start || s[at-1] != '\n' {
				return SectionText{}, "", fmt.Errorf("%s: the closing fence does not follow a line break", name)
			}
			return SectionText{Name: name, Text: s[start : at-1]}, s[at+len(trimEOL(l)):], nil
		}
		at += len(l)
	}
	return SectionText{}, "", fmt.Errorf("%s: the fence is never closed", name)
}

// closesFence reports whether line closes a backtick fence of length k in
// CommonMark: up to three spaces, at least k backticks, then only spaces
// and tabs.
func closesFence(line string, k int) bool {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 {
		return false
	}
	n := 0
	for n < len(t) && t[n] == '`' {
		n++
	}
	return n >= k && strings.Trim(t[n:], " \t") == ""
}

// readInline reads one inline section at the start of s: a heading line,
// then every line up to the next heading.
func readInline(s string) (SectionText, string, error) {
	lines := splitLines(s)
	name, ok := inlineHeading(trimEOL(lines[0]))
	if !ok {
		return SectionText{}, "", fmt.Errorf("want a heading line such as --- name ---, got %q", clip(s))
	}
	if lines[0] != trimEOL(lines[0])+"\n" {
		return SectionText{}, "", fmt.Errorf("%s: the heading line does not end in a newline", name)
	}
	start := len(lines[0])
	at := start
	for _, l := range lines[1:] {
		line := trimEOL(l)
		if _, ok := inlineHeading(line); ok {
			// Sections are separated by a blank line: the text ends
			// two newlines before the next heading.
			if at-start < 2 || s[at-2:at] != "\n\n" {
				return SectionText{}, "", fmt.Errorf("%s: the next heading %q does not follow a blank line", name, line)
			}
			return SectionText{Name: name, Text: inlineUnescape(s[start : at-2])}, s[at-2:], nil
		}
		if headingLike(line) {
			return SectionText{}, "", fmt.Errorf("%s: the line %q reads as a section heading", name, clip(line))
		}
		at += len(l)
	}
	return SectionText{Name: name, Text: inlineUnescape(s[start:])}, "", nil
}

// inlineHeading reads a "--- name ---" line.
func inlineHeading(line string) (string, bool) {
	rest, ok := strings.CutPrefix(line, "--- ")
	if !ok {
		return "", false
	}
	name, ok := strings.CutSuffix(rest, " ---")
	return name, ok && ValidName(name)
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
