package site

import "strings"

// diffLine is one line of a line diff: Op is ' ' (kept), '-' (only in the
// old text) or '+' (only in the new text).
type diffLine struct {
	Op   string
	Text string
}

// maxDiffCells bounds the LCS table; a larger change is shown as removed
// and added wholesale.
const maxDiffCells = 4 << 20

// lineDiff returns the line diff from a to b: the longest common
// subsequence of lines kept, the rest removed or added.
func lineDiff(a, b string) []diffLine {
	x, y := splitLines(a), splitLines(b)
	var head, tail []diffLine
	for len(x) > 0 && len(y) > 0 && x[0] == y[0] {
		head = append(head, diffLine{" ", x[0]})
		x, y = x[1:], y[1:]
	}
	for len(x) > 0 && len(y) > 0 && x[len(x)-1] == y[len(y)-1] {
		tail = append([]diffLine{{" ", x[len(x)-1]}}, tail...)
		x, y = x[:len(x)-1], y[:len(y)-1]
	}
	out := head
	if (len(x)+1)*(len(y)+1) > maxDiffCells {
		for _, l := range x {
			out = append(out, diffLine{"-", l})
		}
		for _, l := range y {
			out = append(out, diffLine{"+", l})
		}
		return append(out, tail...)
	}
	// lcs[i][j] is the LCS length of x[i:] and y[j:].
	w := len(y) + 1
	lcs := make([]int32, (len(x)+1)*w)
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			} else {
				lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
			}
		}
	}
	i, j := 0, 0
	for i < len(x) && j < len(y) {
		switch {
		case x[i] == y[j]:
			out = append(out, diffLine{" ", x[i]})
			i, j = i+1, j+1
		case lcs[(i+1)*w+j] >= lcs[i*w+j+1]:
			out = append(out, diffLine{"-", x[i]})
			i++
		default:
			out = append(out, diffLine{"+", y[j]})
			j++
		}
	}
	for ; i < len(x); i++ {
		out = append(out, diffLine{"-", x[i]})
	}
	for ; j < len(y); j++ {
		out = append(out, diffLine{"+", y[j]})
	}
	return append(out, tail...)
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}
