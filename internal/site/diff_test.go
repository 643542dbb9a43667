package site

import (
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
	} {
		if got := render(lineDiff(c.a, c.b)); got != c.want {
			t.Errorf("lineDiff(%q, %q) =\n%s\nwant\n%s", c.a, c.b, got, c.want)
		}
	}
}

// TestLineDiffKeepsBothSides: whatever the inputs, the kept and removed
// lines are the old text and the kept and added lines the new one.
func TestLineDiffKeepsBothSides(t *testing.T) {
	a := strings.Repeat("x\ny\nz\n", 50)
	b := strings.Repeat("y\nx\nw\n", 40)
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
		t.Fatal("the diff does not reproduce its inputs")
	}
}
