package manual

import (
	"bytes"
	"testing"
	"unicode/utf16"
)

// TestUTF16: text is known as UTF-16 by its byte-order mark or by the NUL
// bytes of its ASCII characters, and UTF-8 text (with or without a NUL
// byte somewhere) is not.
func TestUTF16(t *testing.T) {
	text := "# Deploy\n\nRoll out the release, then check the logs.\n"
	le, be := []byte{}, []byte{}
	for _, u := range utf16.Encode([]rune(text)) {
		le = append(le, byte(u), byte(u>>8))
		be = append(be, byte(u>>8), byte(u))
	}
	for _, c := range []struct {
		name string
		src  []byte
		want string
	}{
		{"little-endian without a mark", le, "little-endian"},
		{"big-endian without a mark", be, "big-endian"},
		{"little-endian mark", append([]byte{0xff, 0xfe}, le...), "little-endian"},
		{"big-endian mark", append([]byte{0xfe, 0xff}, be...), "big-endian"},
		{"UTF-8", []byte(text), ""},
		{"UTF-8 with one NUL", append([]byte(text), 0), ""},
		{"short", []byte("a\x00"), ""},
		{"NUL bytes past the first 4096", append(bytes.Repeat([]byte("a"), 4096), le...), ""},
	} {
		if got := UTF16(c.src); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
