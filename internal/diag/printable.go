package diag

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Printable returns s as plain text on one line, for a terminal or a CI
// log: control characters, bidirectional controls, line and paragraph
// separators and invalid UTF-8 are written as Go escapes (\n, \x1b,
// \u202e, \xff); every other character stays, tabs included. A file name
// or message holding a newline would otherwise print a forged line of its
// own (in GitHub Actions, "::error …" on a line is a workflow command),
// and an ANSI escape could rewrite or hide the lines printed before it.
func Printable(s string) string {
	if !strings.ContainsFunc(s, unprintable) && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unprintable(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// unprintable reports whether Printable escapes r.
func unprintable(r rune) bool {
	if r < utf8.RuneSelf { // ASCII: only the controls but the tab
		return r != '\t' && (r < 0x20 || r == 0x7f)
	}
	return r != '\t' && unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || r == '\u2028' || r == '\u2029'
}

// PrintableText is Printable for text of many lines, such as a manual
// printed on a terminal: line feeds, and carriage returns that end a line
// before one, stay as they are; every other character Printable escapes
// is escaped, so a lone carriage return cannot overwrite the line before
// it and an ANSI escape cannot clear the screen or recolour what follows.
func PrintableText(s string) string {
	if !strings.ContainsFunc(s, unprintable) && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for line := range strings.SplitAfterSeq(s, "\n") {
		body, end := line, ""
		switch {
		case strings.HasSuffix(line, "\r\n"):
			body, end = line[:len(line)-2], "\r\n"
		case strings.HasSuffix(line, "\n"):
			body, end = line[:len(line)-1], "\n"
		}
		b.WriteString(Printable(body))
		b.WriteString(end)
	}
	return b.String()
}
