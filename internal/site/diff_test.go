package site

import (
	"fmt"
	"strings"
	"testing"
)

func render(d []diffLine) string {
	var b strings.Builder
	for _, l := range d {
		b.WriteString(l.Op + l.Text + "\n")
	}
	return b.String()
}

func TestLineDiff(t *testing.T) {
	for _, c := range []struct{ a, b, want string }{
		{"", "", ""},
		{"a\nb\n", "a\nb\n", " a\n b\n"},
		{"", "x\n", "+x\n"},
		{"x\n", "", "-x\n"},
		{"a\nb\nc\n", "a\nc\n", " a\n-b\n c\n"},
		{"a\nc\n", "a\nb\nc\n", " a\n+b\n c\n"},
		{"id\nrules\nguard\n", "id\nrules v2\nguard\nmore\n", " id\n-rules\n+rules v2\n guard\n+more\n"},
		{"a\nb\nc\nd\n", "b\na\nd\nc\n", "-a\n b\n-c\n+a\n d\n+c\n"},
		// Lines that look like the unified format's header or hunks.
		{"--- a\n@@ -1 +1 @@\nx\n", "+++ b\n@@ -1 +1 @@\ny\n", "---- a\n++++ b\n @@ -1 +1 @@\n-x\n+y\n"},
		// No newline at the end of either text.
		{"a\nb", "a\nc", " a\n-b\n+c\n"},
		// The unchanged closing line stays with the section it closes.
		{"<s>\nA\n</s>\n", "<s>\nA\n</s>\n<g>\nB\n</s>\n", " <s>\n A\n </s>\n+<g>\n+B\n+</s>\n"},
	} {
		if got := render(lineDiff(c.a, c.b)); got != c.want {
			t.Errorf("lineDiff(%q, %q) =\n%s\nwant\n%s", c.a, c.b, got, c.want)
		}
	}
}

// TestLineDiffKeepsBothSides: whatever the inputs, the kept and removed
// lines are the old text and the kept and added lines the new one.
func TestLineDiffKeepsBothSides(t *testing.T) {
	for _, c := range [][2]string{
		{strings.Repeat("x\ny\nz\n", 50), strings.Repeat("y\nx\nw\n", 40)},
		{"-- a\n++ b\n\n", "\n++ b\n-- a\n"},
		// Formerly past the LCS table's bound: shown wholesale.
		{numbered(0, 30000, 1), numbered(0, 30000, 7)},
	} {
		checkBothSides(t, c[0], c[1])
	}
}

// numbered returns the lines from to to-1, replacing every k-th by "changed".
func numbered(from, to, k int) string {
	var b strings.Builder
	for i := from; i < to; i++ {
		if k > 1 && i%k == 0 {
			b.WriteString("changed\n")
			continue
		}
		fmt.Fprintf(&b, "line %d\n", i)
	}
	return b.String()
}

func checkBothSides(t *testing.T, a, b string) {
	t.Helper()
	var old, new []string
	for _, l := range lineDiff(a, b) {
		if l.Op != "+" {
			old = append(old, l.Text)
		}
		if l.Op != "-" {
			new = append(new, l.Text)
		}
	}
	if strings.Join(old, "\n")+"\n" != a || strings.Join(new, "\n")+"\n" != b {
		t.Fatalf("the diff of %.40q and %.40q does not reproduce its inputs", a, b)
	}
}
