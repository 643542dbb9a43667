package manual

import (
	"sort"
	"unicode/utf8"
)

// lineIndex maps byte offsets of a source to 1-based lines and columns.
// A line ends with LF, CRLF or a lone CR (old Mac line endings), as in
// CommonMark and YAML.
type lineIndex []int // byte offset at which each line starts

func newLineIndex(src []byte) lineIndex {
	idx := make(lineIndex, 1, 64)
	for i, c := range src {
		if c == '\n' || c == '\r' && (i+1 == len(src) || src[i+1] != '\n') {
			idx = append(idx, i+1)
		}
	}
	return idx
}

// normalizeCR returns src with every lone CR replaced by LF, so that the
// Markdown parser (which breaks lines at LF only) sees the lines the line
// index sees. Offsets do not change; src itself is returned when it has no
// lone CR.
func normalizeCR(src []byte) []byte {
	var out []byte
	for i, c := range src {
		if c == '\r' && (i+1 == len(src) || src[i+1] != '\n') {
			if out == nil {
				out = append([]byte(nil), src...)
			}
			out[i] = '\n'
		}
	}
	if out == nil {
		return src
	}
	return out
}

// pos returns the 1-based line and column (in code points) of offset off.
func (idx lineIndex) pos(src []byte, off int) (line, col int) {
	if off < 0 {
		off = 0
	}
	if off > len(src) {
		off = len(src)
	}
	i := sort.Search(len(idx), func(i int) bool { return idx[i] > off }) - 1
	return i + 1, utf8.RuneCount(src[idx[i]:off]) + 1
}

// lineOf returns the 1-based line of offset off.
func (idx lineIndex) lineOf(off int) int {
	return sort.Search(len(idx), func(i int) bool { return idx[i] > off })
}

// cursor computes positions for increasing offsets in time proportional to
// the distance from the previous one, so a file with thousands of
// references on one long line is still scanned in linear time.
type cursor struct {
	idx            lineIndex
	src            []byte
	off, line, col int // the last position computed; line 0: none yet
}

func (c *cursor) pos(off int) (line, col int) {
	off = max(0, min(off, len(c.src)))
	if c.line > 0 && off >= c.off && (c.line == len(c.idx) || off < c.idx[c.line]) {
		c.col += utf8.RuneCount(c.src[c.off:off])
	} else {
		c.line, c.col = c.idx.pos(c.src, off)
	}
	c.off = off
	return c.line, c.col
}

// count returns the number of lines; a trailing newline does not start a
// new line.
func (idx lineIndex) count(src []byte) int {
	n := len(idx)
	if len(src) == 0 {
		return 0
	}
	if c := src[len(src)-1]; c == '\n' || c == '\r' {
		n--
	}
	return n
}

// line returns the text of 1-based line n without its line ending.
func (idx lineIndex) line(src []byte, n int) []byte {
	if n < 1 || n > len(idx) {
		return nil
	}
	start := idx[n-1]
	end := len(src)
	if n < len(idx) {
		end = idx[n] - 1
	}
	if end > start && src[end-1] == '\r' {
		end--
	}
	if end < start {
		end = start
	}
	return src[start:end]
}
