package manual

import (
	"bytes"
	"cmp"
	"slices"
	"unicode/utf8"
)

var manualReadCall = []byte("manual_read(")

// ManualReads returns every manual_read('name') call in src, with the line
// and column of its first character. It accepts single or double quotes,
// spaces inside the parentheses and a `name=` keyword. Calls whose offset
// lies inside one of the skip ranges (code blocks) are ignored.
func ManualReads(src []byte, skip [][2]int) []Ref {
	return manualReads(src, skip, nil)
}

// manualReads is ManualReads with the line index of src, when known.
func manualReads(src []byte, skip [][2]int, idx lineIndex) []Ref {
	var refs []Ref
	inSkip := newRanges(skip)
	var cur *cursor
	for off := 0; ; {
		i := bytes.Index(src[off:], manualReadCall)
		if i < 0 {
			break
		}
		start := off + i
		off = start + len(manualReadCall)
		if start > 0 && isIdentByte(src[start-1]) {
			continue // e.g. my_manual_read(
		}
		if inSkip.contain(start) {
			continue
		}
		name, end, ok := parseCallArg(src, off)
		if !ok {
			continue
		}
		if cur == nil {
			if idx == nil {
				idx = newLineIndex(src)
			}
			cur = &cursor{idx: idx, src: src}
		}
		line, col := cur.pos(start)
		refs = append(refs, Ref{Kind: RefManual, Target: name, Line: line, Col: col,
			EndCol: col + utf8.RuneCount(src[start:end])})
		off = end
	}
	return refs
}

// parseCallArg reads `  [name=]'x'  )` starting at off and returns x and the
// offset after the closing parenthesis.
func parseCallArg(src []byte, off int) (string, int, bool) {
	i := skipSpace(src, off)
	if bytes.HasPrefix(src[i:], []byte("name")) {
		j := skipSpace(src, i+4)
		if j < len(src) && src[j] == '=' {
			i = skipSpace(src, j+1)
		}
	}
	if i >= len(src) || (src[i] != '\'' && src[i] != '"') {
		return "", 0, false
	}
	q := src[i]
	j := i + 1
	for j < len(src) && src[j] != q && src[j] != '\n' {
		j++
	}
	if j >= len(src) || src[j] != q {
		return "", 0, false
	}
	name := string(src[i+1 : j])
	k := skipSpace(src, j+1)
	if k >= len(src) || src[k] != ')' {
		return "", 0, false
	}
	return name, k + 1, true
}

func skipSpace(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// ranges answers whether an offset lies in one of a set of byte ranges,
// in logarithmic time.
type ranges struct {
	starts []int
	maxEnd []int // maxEnd[i]: the largest end of the ranges up to i
}

func newRanges(rs [][2]int) ranges {
	rs = slices.Clone(rs)
	slices.SortFunc(rs, func(a, b [2]int) int { return cmp.Compare(a[0], b[0]) })
	r := ranges{starts: make([]int, len(rs)), maxEnd: make([]int, len(rs))}
	end := 0
	for i, x := range rs {
		end = max(end, x[1])
		r.starts[i], r.maxEnd[i] = x[0], end
	}
	return r
}

func (r ranges) contain(off int) bool {
	// i: the number of ranges that start at or before off.
	i, _ := slices.BinarySearch(r.starts, off+1)
	return i > 0 && off < r.maxEnd[i-1]
}

// manualReads finds the manual_read calls of m outside code blocks.
func (m *Manual) manualReads(code [][2]int) []Ref {
	refs := manualReads(m.Src, append(code, [2]int{0, m.BodyStart}), m.idx)
	return refs
}

func sortRefs(refs []Ref) {
	slices.SortStableFunc(refs, func(a, b Ref) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
}
