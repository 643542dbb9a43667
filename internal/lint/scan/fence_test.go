package scan

import "testing"

// TestFenceRun: the fence that opens a line without its indentation.
func TestFenceRun(t *testing.T) {
	for _, tc := range []struct {
		line string
		c    byte
		n    int
	}{
		{"```", '`', 3},
		{"````go title=x", '`', 4},
		{"~~~ a`b", '~', 3}, // a tilde fence's info string may hold backticks
		{"```a`b", 0, 0},    // a backtick one's may not: inline code
		{"``", 0, 0},
		{"`` ", 0, 0},
		{"~~", 0, 0},
		{"-~~~", 0, 0},
		{"", 0, 0},
	} {
		if c, n := FenceRun([]byte(tc.line)); c != tc.c || n != tc.n {
			t.Errorf("FenceRun(%q) = %q, %d; want %q, %d", tc.line, c, n, tc.c, tc.n)
		}
	}
}

// TestPreOpen: a <pre> block's opening line and where its text starts.
func TestPreOpen(t *testing.T) {
	for _, tc := range []struct {
		line string
		text int
		ok   bool
	}{
		{"<pre>curl x", 5, true},
		{"   <PRE class=x>y", 16, true},
		{"<pre", -1, true},
		{"<pre\tclass=", -1, true},
		{"    <pre>", 0, false}, // four spaces: an indented code block
		{"<preview>", 0, false},
		{"<pr", 0, false},
		{"text <pre>", 0, false},
	} {
		if text, ok := PreOpen([]byte(tc.line)); text != tc.text || ok != tc.ok {
			t.Errorf("PreOpen(%q) = %d, %v; want %d, %v", tc.line, text, ok, tc.text, tc.ok)
		}
	}
}

// TestIndexFold: the first match in any ASCII case.
func TestIndexFold(t *testing.T) {
	for _, tc := range []struct {
		s, key string
		want   int
	}{
		{"a </PRE> b </pre>", "</pre>", 2},
		{"no", "</pre>", -1},
		{"x", "", 0},
		{"Pp<pRe", "<pre", 2},
	} {
		if got := IndexFold([]byte(tc.s), tc.key); got != tc.want {
			t.Errorf("IndexFold(%q, %q) = %d; want %d", tc.s, tc.key, got, tc.want)
		}
	}
}
