package scan

import "testing"

// ReadURL removes tabs and line breaks anywhere in the address, as a
// browser does, and leaves an address without them as it is.
func TestReadURLDropsTabsAndBreaks(t *testing.T) {
	for _, c := range []struct{ in, scheme, rest string }{
		{"ht\ttps://evil.example/p", "https", "evil.example/p"},
		{" https://ev\nil.exa\r\nmple/p\t?q ", "https", "evil.example/p?q"},
		{"HTTP:\\\\host/ü", "http", "host/ü"},
	} {
		scheme, rest, ok := ReadURL(c.in)
		if !ok || scheme != c.scheme || rest != c.rest {
			t.Errorf("ReadURL(%q) = %q, %q, %v; want %q, %q", c.in, scheme, rest, ok, c.scheme, c.rest)
		}
	}
	if n := testing.AllocsPerRun(100, func() { ReadURL("https://example.com/a/b?c") }); n != 0 {
		t.Errorf("ReadURL of an address without tabs or breaks allocates %v times", n)
	}
}
