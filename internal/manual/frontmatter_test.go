package manual

import (
	"errors"
	"testing"
)

func TestSplitFrontMatter(t *testing.T) {
	for _, c := range []struct {
		src, text, rest string
		line            int
		ok, closed      bool
	}{
		{src: "---\ntitle: A\n---\n# A\n", text: "title: A\n", rest: "# A\n", line: 4, ok: true, closed: true},
		{src: "\ufeff---\r\na: 1\r\n---  \r\nbody", text: "a: 1\r\n", rest: "body", line: 4, ok: true, closed: true},
		{src: "---\n---\n", text: "", rest: "", line: 3, ok: true, closed: true},
		{src: "---\na: 1\n---", text: "a: 1\n", rest: "", line: 4, ok: true, closed: true},
		{src: "---\na: 1\n", ok: true},             // never closed
		{src: "# Title\n---\na\n---\n", ok: false}, // not at the start
		{src: "", ok: false},
	} {
		fm, ok := SplitFrontMatter([]byte(c.src))
		if ok != c.ok || fm.Closed != c.closed || string(fm.Text) != c.text || string(fm.Rest) != c.rest || fm.RestLine != c.line {
			t.Errorf("%q: got ok=%v %+v, want ok=%v closed=%v text %q rest %q line %d", c.src, ok, fm, c.ok, c.closed, c.text, c.rest, c.line)
		}
	}
}

func TestYAMLErrorAt(t *testing.T) {
	for _, c := range []struct {
		err  string
		line int
		msg  string
	}{
		{"yaml: line 3: mapping values are not allowed in this context", 4, "mapping values are not allowed in this context"},
		{"yaml: unmarshal errors:\n  line 2: cannot unmarshal !!seq into string", 3, "unmarshal errors:\n  line 2: cannot unmarshal !!seq into string"},
		{"yaml: did not find expected key", 2, "did not find expected key"},
	} {
		line, msg := YAMLErrorAt(errors.New(c.err), 2)
		if line != c.line || msg != c.msg {
			t.Errorf("%q: got %d %q, want %d %q", c.err, line, msg, c.line, c.msg)
		}
	}
}

// TestYAMLErrorAtParserLines checks the lines of parser errors, which the
// YAML libraries print 0-based: the front matter's line 3 is file line 4.
func TestYAMLErrorAtParserLines(t *testing.T) {
	m := Parse("s/SKILL.md", []byte("---\nname: x\ndescription: d\n- item\n---\n"))
	if len(m.Problems) != 1 || m.Problems[0].Line != 4 {
		t.Fatalf("problems %+v, want one at line 4", m.Problems)
	}
}
