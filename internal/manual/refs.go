package manual

import (
	"bytes"
	"cmp"
	"slices"
	"unicode/utf8"

	"github.com/lorekit/lore/internal/diag"
)

var manualReadCall = []byte("manual_read(")

// call is a manual_read('name') call: src[start:end] from "manual_read("
// to ")".
type call struct {
	start, end int
	name       string
}

// findCalls returns every manual_read('name') call in src, in order. It
// accepts single or double quotes, spaces inside the parentheses and a
// `name=` keyword; a call is on one line. Calls whose first byte lies
// inside one of the skip ranges (code blocks) are left out.
func findCalls(src []byte, skip [][2]int) []call {
	var out []call
	inSkip := newRanges(skip)
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
		out = append(out, call{start: start, end: end, name: name})
		off = end
	}
	return out
}

// ManualReads returns every manual_read('name') call in src, a text that
// is not a parsed manual (a prompt file; a manual's calls are its Refs,
// marked once by the Markdown parser: see ReadCall). Calls whose offset
// lies inside one of the skip ranges are ignored.
func ManualReads(src []byte, skip [][2]int) []Ref {
	calls := findCalls(src, skip)
	if len(calls) == 0 {
		return nil
	}
	refs := make([]Ref, 0, len(calls))
	cur := &cursor{idx: diag.NewLines(src), src: src}
	for _, c := range calls {
		refs = append(refs, callRef(cur, c.name, c.start, c.end))
	}
	return refs
}

// callRef is the reference of call manual_read(name) at src[start:end],
// with positions from cur (offsets must not decrease between calls).
func callRef(cur *cursor, name string, start, end int) Ref {
	line, col := cur.pos(start)
	return Ref{Kind: RefManual, Target: name, Line: line, Col: col, EndCol: col + utf8.RuneCount(cur.src[start:end]),
		Offset: start, EndOffset: end}
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

func sortRefs(refs []Ref) {
	slices.SortStableFunc(refs, func(a, b Ref) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
}
