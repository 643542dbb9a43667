package diag

import (
	"bytes"
	"sort"
	"unicode/utf8"
)

// Lines is the line index of a text: the byte offset at which each line
// starts. It converts byte offsets to positions (1-based line, column in
// code points) and back. A line ends with LF, CRLF or a lone CR (old Mac
// line endings), as in CommonMark, YAML and the Language Server Protocol;
// a byte that is not UTF-8 counts as one column.
type Lines []int

// NewLines indexes the lines of src.
func NewLines(src []byte) Lines {
	// Sized to the line breaks (an upper bound with CRs), not grown by
	// append: a build holds the index of every manual, and growing it
	// leaves a quarter to a half of it unused.
	n := bytes.Count(src, []byte{'\n'})
	if bytes.IndexByte(src, '\r') < 0 {
		// No CR (most files, and every manual once NormalizeCR has read
		// it): the line starts are where IndexByte finds the breaks,
		// without a byte-by-byte pass.
		ls := make(Lines, 1, 1+n)
		for i := 0; ; {
			j := bytes.IndexByte(src[i:], '\n')
			if j < 0 {
				return ls
			}
			i += j + 1
			ls = append(ls, i)
		}
	}
	n += bytes.Count(src, []byte{'\r'})
	ls := make(Lines, 1, 1+n)
	for i, c := range src {
		if c == '\n' || c == '\r' && (i+1 == len(src) || src[i+1] != '\n') {
			ls = append(ls, i+1)
		}
	}
	return ls
}

// Pos returns the 1-based line and column of byte offset off of src (the
// text ls indexes), clamped to the text.
func (ls Lines) Pos(src []byte, off int) (line, col int) {
	off = max(0, min(off, len(src)))
	i := ls.Line(off) - 1
	return i + 1, utf8.RuneCount(src[ls[i]:off]) + 1
}

// Line returns the 1-based line that holds byte offset off.
func (ls Lines) Line(off int) int {
	return max(1, sort.Search(len(ls), func(i int) bool { return ls[i] > off }))
}

// Start returns the byte offset at which 1-based line n starts: 0 before
// the first line, len(src) after the last.
func (ls Lines) Start(src []byte, n int) int {
	switch {
	case n < 1:
		return 0
	case n > len(ls):
		return len(src)
	}
	return ls[n-1]
}

// Offset returns the byte offset of 1-based line n and column col of src.
// A column past the end of its line is the end of the line (before its
// line ending), a line past the last is the end of the text, and column
// 0 or a line before the first is the start of the line or text.
func (ls Lines) Offset(src []byte, n, col int) int {
	if n < 1 {
		return 0
	}
	if n > len(ls) {
		return len(src)
	}
	off := ls[n-1]
	end := off + len(ls.Text(src, n))
	for c := 1; c < col && off < end; c++ {
		_, size := utf8.DecodeRune(src[off:end])
		off += size
	}
	return off
}

// Offsets returns, for each (line, column) of at, the byte offset Offset
// would return, in one pass over each line however many positions it
// holds: a finding per link on a two-megabyte line cost Offset a walk from
// the line's start each, minutes in all.
func (ls Lines) Offsets(src []byte, at [][2]int) []int {
	order := make([]int, len(at))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool {
		pa, pb := at[order[a]], at[order[b]]
		return pa[0] < pb[0] || pa[0] == pb[0] && pa[1] < pb[1]
	})
	out := make([]int, len(at))
	line, col, off, end := 0, 0, 0, 0
	for _, i := range order {
		n, c := at[i][0], at[i][1]
		if n < 1 || n > len(ls) {
			out[i] = ls.Offset(src, n, c)
			continue
		}
		if n != line {
			line, col, off = n, 1, ls[n-1]
			end = off + len(ls.Text(src, n))
		}
		for ; col < c && off < end; col++ {
			_, size := utf8.DecodeRune(src[off:end])
			off += size
		}
		out[i] = off
	}
	return out
}

// Positions returns, for each byte offset of offs, the line and column
// Pos would return, in one pass over each line however many offsets it
// holds: a host per link on a two-megabyte line cost Pos a count from
// the line's start each, 105 s in all.
func (ls Lines) Positions(src []byte, offs []int) [][2]int {
	order := make([]int, len(offs))
	for i := range order {
		order[i] = i
	}
	clamp := func(off int) int { return max(0, min(off, len(src))) }
	sort.Slice(order, func(a, b int) bool { return clamp(offs[order[a]]) < clamp(offs[order[b]]) })
	out := make([][2]int, len(offs))
	// at is where the count stands, at column col of line: the start of
	// a character, where decoding the line from its start also stands.
	line, col, at := 0, 0, 0
	for _, i := range order {
		off := clamp(offs[i])
		if n := ls.Line(off); n != line {
			line, col, at = n, 1, ls[n-1]
		}
		// The count moves on to the last byte at or before off that is
		// not a continuation byte: no character runs across it.
		to := off
		for to > at && off-to < utf8.UTFMax && to < len(src) && !utf8.RuneStart(src[to]) {
			to--
		}
		if to == off || to < len(src) && utf8.RuneStart(src[to]) {
			col += utf8.RuneCount(src[at:to])
			at = to
		}
		out[i] = [2]int{line, col + utf8.RuneCount(src[at:off])}
	}
	return out
}

// Count returns the number of lines of src; a line ending at the end of
// the text does not start another line.
func (ls Lines) Count(src []byte) int {
	if len(src) == 0 {
		return 0
	}
	n := len(ls)
	if c := src[len(src)-1]; c == '\n' || c == '\r' {
		n--
	}
	return n
}

// Text returns 1-based line n of src without its line ending.
func (ls Lines) Text(src []byte, n int) []byte {
	if n < 1 || n > len(ls) {
		return nil
	}
	start := ls[n-1]
	end := len(src)
	if n < len(ls) {
		end = ls[n] - 1
	}
	if end > start && src[end-1] == '\r' {
		end--
	}
	if end < start {
		end = start
	}
	return src[start:end]
}
