package scan

import "bytes"

// Segment is a stretch of a file: prose or code.
type Segment struct {
	Off, End int
	// Code is set for a fenced code block (its lines between the fences)
	// and for the whole of a script.
	Code bool
	// Lang is the info string's first word of a fenced block.
	Lang string
}

// Segments splits src into prose and fenced code blocks (``` or ~~~,
// indented up to three spaces; an unclosed fence runs to the end, as
// CommonMark has it). A script is one code segment.
func Segments(src []byte, kind Kind) []Segment {
	if kind == Script {
		return []Segment{{Off: 0, End: len(src), Code: true}}
	}
	var out []Segment
	proseStart := 0
	var fenceChar byte
	fenceLen, codeStart := 0, 0
	lang := ""
	for off := 0; off < len(src); {
		end, next := lineFrom(src, off)
		line := src[off:end]
		ind := 0
		for ind < len(line) && ind < 4 && line[ind] == ' ' {
			ind++
		}
		if ind < 4 && ind < len(line) && (line[ind] == '`' || line[ind] == '~') {
			c := line[ind]
			n := 0
			for ind+n < len(line) && line[ind+n] == c {
				n++
			}
			rest := bytes.TrimSpace(line[ind+n:])
			switch {
			case fenceChar == 0 && n >= 3 && !(c == '`' && bytes.IndexByte(rest, '`') >= 0):
				if off > proseStart {
					out = append(out, Segment{Off: proseStart, End: off})
				}
				fenceChar, fenceLen, codeStart = c, n, next
				lang = ""
				if f := bytes.Fields(rest); len(f) > 0 {
					lang = string(f[0])
				}
			case fenceChar == c && n >= fenceLen && len(rest) == 0:
				out = append(out, Segment{Off: codeStart, End: max(codeStart, off), Code: true, Lang: lang})
				fenceChar = 0
				proseStart = next
			}
		}
		off = next
	}
	if fenceChar != 0 {
		out = append(out, Segment{Off: codeStart, End: len(src), Code: true, Lang: lang})
	} else if proseStart < len(src) {
		out = append(out, Segment{Off: proseStart, End: len(src)})
	}
	return out
}

// CodeSpans returns the inline code spans (`…`, “…“) of the prose
// src[off:end] that open and close on one line, as byte ranges of their
// content. Work is linear: the backtick runs of a line are listed once
// and each run length is matched with a cursor that only moves forward.
func CodeSpans(src []byte, off, end int) [][2]int {
	var out [][2]int
	type run struct{ at, n int }
	for ls := off; ls < end; {
		le := bytes.IndexByte(src[ls:end], '\n')
		next := end
		if le < 0 {
			le = end
		} else {
			le += ls
			next = le + 1
		}
		var runs []run
		for i := ls; i < le; {
			j := bytes.IndexByte(src[i:le], '`')
			if j < 0 {
				break
			}
			i += j
			n := 0
			for i+n < le && src[i+n] == '`' {
				n++
			}
			runs = append(runs, run{i, n})
			i += n
		}
		if len(runs) > 1 {
			byLen := map[int][]int{}
			for k, r := range runs {
				byLen[r.n] = append(byLen[r.n], k)
			}
			cursor := map[int]int{}
			for k := 0; k < len(runs); k++ {
				n := runs[k].n
				list, c := byLen[n], cursor[n]
				for c < len(list) && list[c] <= k {
					c++
				}
				cursor[n] = c
				if c == len(list) {
					continue
				}
				j := list[c]
				out = append(out, [2]int{runs[k].at + n, runs[j].at})
				k = j
			}
		}
		ls = next
	}
	return out
}
