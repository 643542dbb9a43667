package diag

import "testing"

func TestPrintable(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"manuals/a.md", "manuals/a.md"},
		{"manuals/Größe-日本.md", "manuals/Größe-日本.md"},
		{"a\tb", "a\tb"},
		{"manuals/c\n::error file=x::pwn.md", `manuals/c\n::error file=x::pwn.md`},
		{"d\x1b[2J\x1b[1A\x1b[2Kx\r", `d\x1b[2J\x1b[1A\x1b[2Kx\r`},
		{"evil\u202egnp.md", `evil\u202egnp.md`},
		{"a\u2028b\u0085c\x7f", `a\u2028b\u0085c\x7f`},
		{"bad\xffutf8\xc3", `bad\xffutf8\xc3`},
	} {
		if got := Printable(c.in); got != c.want {
			t.Errorf("Printable(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	d := Diagnostic{Pos: Pos{File: "m/a\n::error::x.md", Line: 1, Col: 2}, Severity: Error, Rule: "r/x", Message: "bad\x1b[8m\nhidden"}
	if got, want := d.String(), `m/a\n::error::x.md:1:2: error: bad\x1b[8m\nhidden [r/x]`; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
}

func TestPrintableText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain\ntext\n", "plain\ntext\n"},
		{"crlf\r\nline\r\n", "crlf\r\nline\r\n"},
		{"tab\there\n", "tab\there\n"},
		{"over\rwrite\n", `over\rwrite` + "\n"},
		{"\x1b[2Jclear\n\x1b]0;title\a", `\x1b[2Jclear` + "\n" + `\x1b]0;title\a`},
		{"bidi \u202eevil\u202c\n", `bidi \u202eevil\u202c` + "\n"},
		{"bad \xff byte", `bad \xff byte`},
		{"\u2028sep\n", `\u2028sep` + "\n"},
		{"", ""},
	} {
		if got := PrintableText(c.in); got != c.want {
			t.Errorf("PrintableText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
