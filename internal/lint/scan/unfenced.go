package scan

import "bytes"

// unfencedCode returns the byte ranges of the prose src[off:end] that are
// code without a top-level fence: indented code blocks (four spaces or a
// tab, inside list items too), fenced blocks inside a blockquote, and
// HTML <pre> blocks. Each range is a run of whole lines; a blockquote's
// > markers stay in it, which the command patterns step over.
func unfencedCode(src []byte, off, end int) [][2]int {
	var (
		out       [][2]int
		start     = -1 // of the current run, -1: none
		fence     byte // the quoted fence's character, 0: none
		fenceLen  int
		pre       bool
		prevBlank = true
	)
	flush := func(at int) {
		if start >= 0 {
			out = append(out, [2]int{start, at})
			start = -1
		}
	}
	for ls := off; ls < end; {
		le := ls + bytes.IndexByte(src[ls:end], '\n')
		next := le + 1
		if le < ls {
			le, next = end, end
		}
		line := bytes.TrimRight(src[ls:le], "\r")
		body, quoted := unquote(line)
		code := false
		switch {
		case pre:
			code = true
			if containsFold(line, "</pre>") {
				pre = false
			}
		case fence != 0:
			if c, n := fenceOf(body); c == fence && n >= fenceLen && len(bytes.TrimSpace(body[indent(body)+n:])) == 0 {
				fence = 0
			} else {
				code = true
			}
		case quoted && fenceStart(body, &fence, &fenceLen):
		case opensPre(line):
			code = true
			pre = !containsFold(line, "</pre>")
		case indent(body) >= 4 && (prevBlank || start >= 0) && len(bytes.TrimSpace(body)) > 0:
			code = true
		}
		if code {
			if start < 0 {
				start = ls
			}
		} else {
			flush(ls)
		}
		prevBlank = len(bytes.TrimSpace(body)) == 0
		ls = next
	}
	flush(end)
	return out
}

// unquote strips the blockquote markers (>, each with one optional
// space) that open line, reporting whether there were any.
func unquote(line []byte) ([]byte, bool) {
	quoted := false
	for {
		t := bytes.TrimLeft(line, " ")
		if len(line)-len(t) > 3 || len(t) == 0 || t[0] != '>' {
			return line, quoted
		}
		line, quoted = bytes.TrimPrefix(t[1:], []byte(" ")), true
	}
}

// indent is the width of line's leading white space, a tab as four.
func indent(line []byte) int {
	w := 0
	for _, b := range line {
		switch b {
		case ' ':
			w++
		case '\t':
			w += 4 - w%4
		default:
			return w
		}
	}
	return w
}

// fenceOf returns the fence character and length that open line (after
// at most three spaces), or 0.
func fenceOf(line []byte) (byte, int) {
	if i := indent(line); i <= 3 && i < len(line) {
		return FenceRun(line[i:])
	}
	return 0, 0
}

// FenceRun returns the character and length of the fence that opens t, a
// line without its indentation: three or more backticks or tildes, where
// the rest of a backtick fence's line holds no backtick (as CommonMark
// reads an info string). c is 0 when t opens no fence.
func FenceRun(t []byte) (c byte, n int) {
	if len(t) < 3 || t[0] != '`' && t[0] != '~' {
		return 0, 0
	}
	c = t[0]
	for n < len(t) && t[n] == c {
		n++
	}
	if n < 3 || c == '`' && bytes.IndexByte(t[n:], '`') >= 0 {
		return 0, 0
	}
	return c, n
}

// fenceStart reports whether line opens a fence, setting c and n.
func fenceStart(line []byte, c *byte, n *int) bool {
	fc, fn := fenceOf(line)
	if fc == 0 {
		return false
	}
	*c, *n = fc, fn
	return true
}

// opensPre reports whether line (after at most three spaces) opens an
// HTML <pre> block.
func opensPre(line []byte) bool {
	_, ok := PreOpen(line)
	return ok
}

// PreOpen reports whether line (after at most three spaces) opens an HTML
// <pre> block, and where the block's text starts in line: after the
// opening tag, or -1 when the tag goes on past the line.
func PreOpen(line []byte) (text int, ok bool) {
	t := bytes.TrimLeft(line, " ")
	lead := len(line) - len(t)
	if lead > 3 || len(t) < 4 || !asciiFoldEqual(t[:4], []byte("<pre")) || len(t) > 4 && t[4] != '>' && t[4] != ' ' && t[4] != '\t' {
		return 0, false
	}
	if i := bytes.IndexByte(t, '>'); i >= 0 {
		return lead + i + 1, true
	}
	return -1, true
}
