package scan

import "bytes"

// ParagraphSpans returns the inline code spans of the prose
// src[off:end] as byte ranges of their content, a span that goes on over
// lines of its paragraph included: CommonMark reads "`curl x" and "| sh`"
// on two lines as one span, and a reader runs it as one command. A
// paragraph ends at a blank line and before a line that opens a list
// item, heading or quote (a line that starts with "|" goes on a
// paragraph: a table needs its delimiter row); the line breaks inside a
// span are read as spaces. The text of an HTML code element (<code>,
// <kbd>, <samp>, <tt>) is a span as well.
func ParagraphSpans(src []byte, off, end int) [][2]int {
	return paragraphSpans(src, off, end, true)
}

// paragraphSpans is ParagraphSpans; without elements, only the spans
// written with backticks: the text of an HTML code element is still
// HTML, a backtick span's is not.
func paragraphSpans(src []byte, off, end int, elements bool) [][2]int {
	var out [][2]int
	var buf []byte
	for p := off; p < end; {
		q := paragraphEnd(src, p, end)
		if bytes.IndexByte(src[p:q], '`') >= 0 {
			buf = append(buf[:0], src[p:q]...)
			for i, c := range buf {
				if c == '\n' || c == '\r' {
					buf[i] = ' '
				}
			}
			for _, sp := range CodeSpans(buf, 0, len(buf)) {
				out = append(out, [2]int{p + sp[0], p + sp[1]})
			}
		}
		if elements && bytes.IndexByte(src[p:q], '<') >= 0 {
			for _, sp := range codeElements(src[p:q]) {
				out = append(out, [2]int{p + sp[0], p + sp[1]})
			}
		}
		p = q
	}
	return out
}

// codeTags are the HTML elements whose text renders as code, as the
// inline code spans of Markdown do.
var codeTags = []string{"code", "kbd", "samp", "tt"}

// codeElements returns the byte ranges of the text of the HTML code
// elements (<code>…</code>, <kbd>, <samp>, <tt>) of the paragraph para,
// in order of their tags: "<code>curl x | sh</code>" renders like a code
// span. Each tag's elements are found with one forward pass.
func codeElements(para []byte) [][2]int {
	var out [][2]int
	for _, tag := range codeTags {
		for at := 0; at < len(para); {
			i := IndexFold(para[at:], "<"+tag)
			if i < 0 {
				break
			}
			open := at + i + 1 + len(tag)
			if open >= len(para) || para[open] != '>' && para[open] != ' ' {
				at = open // <codex>, <code-block>
				continue
			}
			gt := bytes.IndexByte(para[open:], '>')
			if gt < 0 {
				break
			}
			start := open + gt + 1
			stop := IndexFold(para[start:], "</"+tag+">")
			if stop < 0 {
				break
			}
			out = append(out, [2]int{start, start + stop})
			at = start + stop
		}
	}
	return out
}

// paragraphEnd returns where the paragraph that starts at off ends: after
// the line before a blank line or a line that opens another block, or at
// end.
func paragraphEnd(src []byte, off, end int) int {
	first := true
	for l := off; l < end; {
		le, next := lineFrom(src[:end], l)
		t := bytes.TrimLeft(src[l:le], " \t")
		if !first && (len(bytes.TrimSpace(t)) == 0 || opensBlock(t)) {
			return l
		}
		if len(bytes.TrimSpace(t)) == 0 {
			return next
		}
		first = false
		l = next
	}
	return end
}

// opensBlock reports whether a line (white space before it trimmed) opens
// a list item, heading or quote.
func opensBlock(t []byte) bool {
	if len(t) == 0 {
		return false
	}
	switch t[0] {
	case '>':
		return true
	case '#', '-', '*', '+':
		return len(t) > 1 && (t[1] == ' ' || t[1] == '\t')
	}
	i := 0
	for i < len(t) && i < 9 && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	return i > 0 && i+1 < len(t) && (t[i] == '.' || t[i] == ')') && t[i+1] == ' '
}
