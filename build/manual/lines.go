package manual

import (
	"sort"
	"unicode/utf8"
)

// lineIndex maps byte offsets of a source to 1-based lines and columns.
type lineIndex []int // byte offset at which each line starts

func newLineIndex(src []byte) lineIndex {
	idx := make(lineIndex, 1, 64)
	for i, c := range src {
		if c == '\n' {
			idx = append(idx, i+1)
		}
	}
	return idx
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

// count returns the number of lines; a trailing newline does not start a
// new line.
func (idx lineIndex) count(src []byte) int {
	n := len(idx)
	if len(src) == 0 {
		return 0
	}
	if src[len(src)-1] == '\n' {
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
