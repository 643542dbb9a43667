package lint

import (
	"testing"

	"github.com/lorekit/lore/build/diag"
)

func TestHiddenUnicodeFixes(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a\u200bb", "ab"},
		{"\u202eevil\u202c", "evil"},
		{"x\U000e0041\U000e0042y", "xy"},
		{"👩\u200d💻 ok", "👩\u200d💻 ok"},
		{"🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f", "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"},
		{"\ufeffstart", "\ufeffstart"},
		{"mid\ufeffdle", "middle"},
		{"a\u200db", "ab"},
		{"می\u200cخواهم", "می\u200cخواهم"},
	} {
		ds := HiddenUnicodeFixes("f.md", []byte(c.in))
		var fixes []*diag.Fix
		for _, d := range ds {
			fixes = append(fixes, d.Fix)
		}
		got, _ := diag.ApplyFixes([]byte(c.in), fixes)
		if string(got) != c.want {
			t.Errorf("%+q: got %+q, want %+q", c.in, got, c.want)
		}
		if again := HiddenUnicodeFixes("f.md", got); len(again) != 0 {
			t.Errorf("%+q: not idempotent: %v", c.in, again)
		}
	}
	ds := HiddenUnicodeFixes("f.md", []byte("line\nÄö\u200b"))
	if len(ds) != 1 || ds[0].Pos.Line != 2 || ds[0].Pos.Col != 3 {
		t.Errorf("position: %v", ds)
	}
}

func TestLineBounds(t *testing.T) {
	src := []byte("a\r\nbc\n\nd")
	for _, c := range []struct {
		n                int
		start, end, next int
		ok               bool
	}{{1, 0, 1, 3, true}, {2, 3, 5, 6, true}, {3, 6, 6, 7, true}, {4, 7, 8, 8, true}, {5, 0, 0, 0, false}, {0, 0, 0, 0, false}} {
		s, e, nx, ok := lineBounds(src, c.n)
		if s != c.start || e != c.end || nx != c.next || ok != c.ok {
			t.Errorf("line %d: %d %d %d %v", c.n, s, e, nx, ok)
		}
	}
	if _, _, _, ok := lineBounds([]byte("a\n"), 2); ok {
		t.Error("a file ending in a newline has no empty last line")
	}
}
