package bundle

import "strings"

// The encodings that keep a block's text from forging structure. Each
// style's section delimiters are sequences its encoding removes from the
// text, so whatever bytes a layer, library block, fragment, template
// parameter or manual contributes, the rendered bundle has exactly the
// sections the composition decided. Every encoding is deterministic (the
// same text renders the same bytes), leaves text without such sequences
// byte for byte unchanged, and is undone by ParseSections.
//
//   - xml: a '<' that opens a section tag — '<', optional whitespace, an
//     optional '/', optional whitespace, then "section" in any case —
//     becomes "&lt;". So that the encoding stays reversible, a '&' that
//     starts such an escape as written ("&lt;section", "&amp;lt;section",
//     …) gains one "amp;". Nothing else is escaped: the model reads
//     "<b>", "a && b" and "Vec<T>" as written.
//   - fenced: the fence is one backtick longer than the longest backtick
//     run that opens a line of the text (CommonMark closes a fence only
//     at a line of at least as many backticks, indented at most three
//     spaces); "\r" and "\r\n" end lines as "\n" does. The text is not
//     changed at all.
//   - inline: a line that looks like a section heading — "---", text,
//     "---" — gets a backslash at its start ("\--- identity ---"); a line
//     that already starts with backslashes before such a heading gains one
//     more.

// xmlEscape encodes text for an xml section.
func xmlEscape(text string) string {
	if !containsFold(text, "section") {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '<' && sectionTagAt(text, i+1):
			b.WriteString("&lt;")
		case c == '&' && escapedTagAt(text, i+1):
			b.WriteString("&amp;")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// xmlUnescape undoes xmlEscape.
func xmlUnescape(text string) string {
	if !strings.Contains(text, "&") {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); {
		switch {
		case strings.HasPrefix(text[i:], "&lt;") && sectionTagAt(text, i+4):
			b.WriteByte('<')
			i += 4
		case strings.HasPrefix(text[i:], "&amp;") && escapedTagAt(text, i+5):
			b.WriteByte('&')
			i += 5
		default:
			b.WriteByte(text[i])
			i++
		}
	}
	return b.String()
}

// sectionTagAt reports whether s[i:] continues a '<' into a section tag:
// optional whitespace, an optional '/', optional whitespace, "section" in
// any ASCII case.
func sectionTagAt(s string, i int) bool {
	i = skipSpace(s, i)
	if i < len(s) && s[i] == '/' {
		i = skipSpace(s, i+1)
	}
	return len(s)-i >= 7 && strings.EqualFold(s[i:i+7], "section") && asciiOnly(s[i:i+7])
}

// escapedTagAt reports whether s[i:] continues a '&' into an escaped
// section tag as xmlEscape writes it: "amp;" any number of times, "lt;",
// then a section tag.
func escapedTagAt(s string, i int) bool {
	for strings.HasPrefix(s[i:], "amp;") {
		i += 4
	}
	return strings.HasPrefix(s[i:], "lt;") && sectionTagAt(s, i+3)
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\f' || s[i] == '\v') {
		i++
	}
	return i
}

// asciiOnly guards EqualFold, which folds "ſ" (U+017F) to "s" and the
// Kelvin sign to "k": only the ASCII spelling is a tag.
func asciiOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// containsFold reports whether s contains the lower-case ASCII word w in
// any ASCII case.
func containsFold(s, w string) bool {
	for i := 0; i+len(w) <= len(s); i++ {
		if s[i]|0x20 == w[0] && strings.EqualFold(s[i:i+len(w)], w) && asciiOnly(s[i:i+len(w)]) {
			return true
		}
	}
	return false
}

// fenceFor returns the backtick fence of a fenced section holding text:
// at least three, and longer than any run that could close it.
func fenceFor(text string) string {
	return strings.Repeat("`", max(3, longestRun(text, '`')+1))
}

// longestRun returns the longest run of c at the start of a line (after up
// to three spaces of indentation), which is where a fence could close.
// Lines end at "\n", "\r\n" or "\r", as in CommonMark.
func longestRun(text string, c byte) int {
	best := 0
	for _, l := range splitLines(text) {
		l = trimEOL(l)
		t := strings.TrimLeft(l, " ")
		if len(l)-len(t) > 3 {
			continue
		}
		n := 0
		for n < len(t) && t[n] == c {
			n++
		}
		best = max(best, n)
	}
	return best
}

// inlineEscape encodes text for an inline section.
func inlineEscape(text string) string {
	if !strings.Contains(text, "---") {
		return text
	}
	var b strings.Builder
	for _, l := range splitLines(text) {
		if headingLike(strings.TrimLeft(trimEOL(l), `\`)) {
			b.WriteByte('\\')
		}
		b.WriteString(l)
	}
	return b.String()
}

// inlineUnescape undoes inlineEscape.
func inlineUnescape(text string) string {
	if !strings.Contains(text, `\`) {
		return text
	}
	var b strings.Builder
	for _, l := range splitLines(text) {
		if strings.HasPrefix(l, `\`) && headingLike(strings.TrimLeft(trimEOL(l), `\`)) {
			l = l[1:]
		}
		b.WriteString(l)
	}
	return b.String()
}

// headingLike reports whether line (without its line ending) could be
// read as an inline section heading: after spaces and tabs it starts and
// ends with "---" and holds something other than dashes and blanks in
// between. A bare rule ("---", "------") is not one.
func headingLike(line string) bool {
	t := strings.Trim(line, " \t\f\v")
	return len(t) >= 6 && strings.HasPrefix(t, "---") && strings.HasSuffix(t, "---") && strings.Trim(t, "- \t\f\v") != ""
}

// splitLines cuts s after each line ending ("\n", "\r\n", "\r"); each
// piece keeps its ending, so joining them gives s back.
func splitLines(s string) []string {
	var out []string
	for len(s) > 0 {
		i := strings.IndexAny(s, "\r\n")
		if i < 0 {
			out = append(out, s)
			break
		}
		end := i + 1
		if s[i] == '\r' && end < len(s) && s[end] == '\n' {
			end++
		}
		out = append(out, s[:end])
		s = s[end:]
	}
	return out
}

// trimEOL removes the line ending of a piece of splitLines.
func trimEOL(l string) string {
	return strings.TrimRight(l, "\r\n")
}
