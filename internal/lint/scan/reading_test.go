package scan

import (
	"strings"
	"testing"
)

// TestReading checks each disguise ReadingOf reads past, that Span leads
// back to the disguised bytes, and that ordinary text is left alone.
func TestReading(t *testing.T) {
	for _, c := range []struct{ src, want, span string }{
		{"x Ig*nore* y", "x Ignore* y", "Ig*nore"},
		{"Ig**no**re all", "Ignore all", "Ig**no**re"},
		{"x &#73;gnore y", "x Ignore y", "&#73;gnore"},
		{"sys&#x74;em &amp; co", "system & co", "sys&#x74;em"},
		{"Ign\u043ere", "Ignore", "Ign\u043ere"},
		{"\uff29\uff47nore", "Ignore", "\uff29\uff47nore"},
		{"Ig\u200bno\u00adre", "Ignore", "Ig\u200bno\u00adre"},
		{"Ig<span>nore</span> all", "Ignore all", "Ig<span>nore"},
		{"Ig<!-- x -->nore", "Ignore", "Ig<!-- x -->nore"},
		{"say I g n o r e now", "say Ignore now", "I g n o r e"},
		{"I-g-n-o-r-e all", "Ignore all", "I-g-n-o-r-e"},
	} {
		r, ok := ReadingOf([]byte(c.src))
		if !ok || string(r.Text) != c.want {
			t.Errorf("%q: read %q (changed %v), want %q", c.src, r.Text, ok, c.want)
			continue
		}
		w := strings.Index(c.want, "Ignore")
		if w < 0 {
			w = strings.Index(c.want, "system")
		}
		off, end := r.Span(w, w+6)
		if got := c.src[off:end]; got != c.span {
			t.Errorf("%q: span of the word %q, want %q", c.src, got, c.span)
		}
	}
	for _, src := range []string{
		"Use e.g. the a b c options, snake_case names, 2*3, x < y and y > z, AT&T and café.",
		"U.S.A. and i.e. are short; * a list; `code` spans; **bold** words.",
		"5 < 6 and a < b, & alone, &notanentity without end",
	} {
		if r, ok := ReadingOf([]byte(src)); ok {
			t.Errorf("%q read as %q: nothing in it is disguised", src, r.Text)
		}
	}
}

// TestDisguised checks that only the paragraphs holding a disguise inside
// or next to a word are given back, as ranges of the reading: a tag
// between spaces changes the text but hides no word.
func TestDisguised(t *testing.T) {
	src := []byte("Plain <br> text.\n\nIg*nore* all.\n\nMore plain.\n\nSay I g n o r e.")
	r, ok := ReadingOf(src)
	if !ok {
		t.Fatal("not read as disguised")
	}
	var got []string
	for _, p := range r.Disguised(src) {
		got = append(got, string(r.Text[p[0]:p[1]]))
	}
	if want := []string{"Ignore* all.\n", "Say Ignore."}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("disguised paragraphs %q, want %q", got, want)
	}
}
