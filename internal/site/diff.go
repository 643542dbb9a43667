package site

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/diff"
)

// diffLine is one line of a line diff: Op is ' ' (kept), '-' (only in the
// old text) or '+' (only in the new text).
type diffLine struct {
	Op   string
	Text string
}

// lineDiff returns the whole line diff from a to b: every line of both
// texts, kept, removed or added. The changes are go-internal's anchored
// diff (O(n log n)); the lines between its hunks are the kept ones.
func lineDiff(a, b string) []diffLine {
	x, y := splitLines(a), splitLines(b)
	var out []diffLine
	i := 0 // lines of x written so far
	keep := func(to int) {
		for ; i < to && i < len(x); i++ {
			out = append(out, diffLine{" ", x[i]})
		}
	}
	unified := diff.Diff("a", joinLines(x), "b", joinLines(y))
	// The output is three header lines, then hunks: "@@ -o,n +p,m @@" and
	// its lines, each marked ' ', '-' or '+'.
	body := unified
	for range 3 {
		if k := bytes.IndexByte(body, '\n'); k >= 0 {
			body = body[k+1:]
		}
	}
	for l := range strings.Lines(string(body)) {
		s := strings.TrimSuffix(l, "\n")
		switch {
		case strings.HasPrefix(s, "@@ "):
			keep(hunkStart(s))
		case s == "":
		case s[0] == ' ':
			keep(i + 1)
		case s[0] == '-':
			out = append(out, diffLine{"-", s[1:]})
			i++
		case s[0] == '+':
			out = append(out, diffLine{"+", s[1:]})
		}
	}
	keep(len(x))
	return out
}

// hunkStart returns the 0-based index of the first old line of the hunk
// whose header is h ("@@ -start,count +start,count @@"): a hunk that
// removes nothing names the line before it.
func hunkStart(h string) int {
	old, _, _ := strings.Cut(strings.TrimPrefix(h, "@@ -"), " ")
	start, count, _ := strings.Cut(old, ",")
	n, _ := strconv.Atoi(start)
	if c, _ := strconv.Atoi(count); c > 0 {
		n--
	}
	return n
}

// joinLines is the text of lines, each ended by a newline, so that the
// diff never has to mark a last line without one.
func joinLines(lines []string) []byte {
	var b bytes.Buffer
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}
