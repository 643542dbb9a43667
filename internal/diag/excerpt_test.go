package diag

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestExcerpt(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain", `"plain"`},
		{"a\nb\r\tc\x00\x1b[31m", `"a\nb\r\tc\x00\x1b[31m"`},
		{"q\"b\\", `"q\"b\\"`},
		{"\xff", `"\xff"`},
		{"bidi \u202e x \u2028", `"bidi \u202e x \u2028"`},
		{"Größe", `"Größe"`},
		{strings.Repeat("é", 200), `"` + strings.Repeat("é", ExcerptRunes) + `…"`},
	} {
		if got := Excerpt(c.in); got != c.want {
			t.Errorf("Excerpt(%q) = %s, want %s", c.in, got, c.want)
		}
	}
	long := Excerpt(strings.Repeat("\x01", 1<<20))
	if n := utf8.RuneCountInString(long); n > 6*ExcerptRunes {
		t.Errorf("excerpt of 1 MiB has %d runes", n)
	}
}

func TestYAMLError(t *testing.T) {
	for _, c := range []struct {
		err  string
		line int
		msg  string
	}{
		{"yaml: line 3: mapping values are not allowed in this context", 3, "mapping values are not allowed in this context"},
		{"yaml: line 2: did not find expected key", 3, "did not find expected key"},
		{"yaml: line 1: did not find expected ',' or ']'", 2, "did not find expected ',' or ']'"},
		{"yaml: did not find expected key", 1, "did not find expected key"},
		{"yaml: unknown anchor 'b' referenced", 0, "unknown anchor 'b' referenced"},
		{"yaml: unmarshal errors:\n  line 4: cannot unmarshal !!seq into string", 4, "unmarshal errors:\n  line 4: cannot unmarshal !!seq into string"},
	} {
		line, msg := YAMLError(errors.New(c.err))
		if line != c.line || msg != c.msg {
			t.Errorf("%q: got %d %q, want %d %q", c.err, line, msg, c.line, c.msg)
		}
	}
}

func TestBound(t *testing.T) {
	if m := "short"; Bound(m) != m {
		t.Error("a short message changed")
	}
	long := strings.Repeat("ä", 5000) + " fix it"
	b := Bound(long)
	if len(b) > MaxMessage+10 || !utf8.ValidString(b) || !strings.HasSuffix(b, " fix it") {
		t.Errorf("Bound: %d bytes, valid %v, %q…", len(b), utf8.ValidString(b), b[len(b)-20:])
	}
}
