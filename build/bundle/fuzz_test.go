package bundle

import (
	"bytes"
	"strings"
	"testing"
)

// A lockfile that parses formats to a file that parses to the same lock:
// Format is stable and loses nothing ParseLock read.
func FuzzParseLock(f *testing.F) {
	sum := strings.Repeat("a", 64)
	f.Add([]byte("# c\nx.y.z sha256=" + sum + " bytes=1 tokens=2 tail=" + sum + " digest=" + sum + " budget=3 disabled=a,b\n"))
	f.Add([]byte("x.y.z sha256=" + sum + " bytes=20 grew-from=10 reason=\"old\"\nx.y.z grew from=20 to=30 date=2026-07-01 reason=\"new\\nline\"\n"))
	f.Add([]byte("orphan grew from=1 to=2 reason=\"r\"\nb sha256=" + sum + "\na sha256=" + sum + "\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		l, err := ParseLock(src)
		if err != nil {
			return
		}
		out := l.Format()
		back, err := ParseLock(out)
		if err != nil {
			t.Fatalf("formatted lock does not parse: %v\n%s", err, out)
		}
		if again := back.Format(); !bytes.Equal(again, out) {
			t.Fatalf("format not stable:\n%s\n---\n%s", out, again)
		}
	})
}

// VerifyFile never panics, whatever the file holds.
func FuzzVerifyFile(f *testing.F) {
	b := bake(&testing.T{}, testMeta(), testStack())
	data, _ := b.Marshal()
	f.Add(data)
	f.Add([]byte(`{"schema":"lore.bundle/v1","blocks":[{"parts":[{"text":1}]}],"Budget":1,"budget":2,"budget":3}`))
	f.Add([]byte(`{"schema":"lore.bundle/v1","fieldSha256":{"x":"y"},"layers":[[[]]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _, _ = VerifyFile(data, count)
	})
}
