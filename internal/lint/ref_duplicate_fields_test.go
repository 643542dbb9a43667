package lint

import (
	"bytes"
	"testing"
)

// FuzzAppendFields: appendFields is bytes.Join(bytes.Fields(b), " ").
func FuzzAppendFields(f *testing.F) {
	for _, s := range []string{"", " a  b\tc\n", "\u00a0x\u2003y\u3000", "\xff \x80a\u0085b", "Größe\r\n ändern  ", "\v\f"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		want := bytes.Join(bytes.Fields(b), []byte(" "))
		if got := appendFields([]byte("x"), b); !bytes.Equal(got[1:], want) || got[0] != 'x' {
			t.Fatalf("appendFields(%q) = %q, want %q", b, got[1:], want)
		}
	})
}
