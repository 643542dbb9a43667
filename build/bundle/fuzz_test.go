package bundle

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
)

// FuzzParseLock checks that any prompts.lock either fails with a
// *LockError at one of its lines, or parses, and then formats to a file
// that parses again and formats to the same bytes: Format is stable and
// loses nothing ParseLock read.
func FuzzParseLock(f *testing.F) {
	sum := strings.Repeat("a", 64)
	f.Add([]byte("# c\nx.y.z sha256=" + sum + " bytes=1 tokens=2 tail=" + sum + " digest=" + sum + " budget=3 disabled=a,b\n"))
	f.Add([]byte("x.y.z sha256=" + sum + " bytes=20 grew-from=10 reason=\"old\"\nx.y.z grew from=20 to=30 date=2026-07-01 reason=\"new\\nline\"\n"))
	f.Add([]byte("orphan grew from=1 to=2 reason=\"r\"\nb sha256=" + sum + "\na sha256=" + sum + "\n"))
	for _, s := range []string{"", "# c\n", "x sha256=" + sum + " bytes=1 tokens=2 tail=" + sum + "\n",
		"x sha256=" + sum + " grew-from=3 reason=\"why \\\"not\\\"\"\n", "x sha256=" + sum + "\nx sha256=" + sum + "\n",
		"x sha256=abc\n", "x sha256=" + sum + " bytes=many\n", "x sha256=" + sum + " reason=\"open\n", "x y\n", "\r\n\t x sha256=" + sum + "\r\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		l, err := ParseLock(src)
		if err != nil {
			var le *LockError
			lines := strings.Count(string(src), "\n") + 1
			if !errors.As(err, &le) || le.Line < 1 || le.Line > lines || le.Msg == "" || strings.Contains(le.Msg, LockFile+":") {
				t.Fatalf("error %#v is not a *LockError at one of %d lines", err, lines)
			}
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

// FuzzVerify checks that Verify never panics on a bundle file, whatever it
// holds, and that a bundle as baked verifies clean.
func FuzzVerify(f *testing.F) {
	b, _, err := Bake(testMeta(), testStack(), count)
	if err != nil {
		f.Fatal(err)
	}
	data, err := b.Marshal()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`{"schema":"` + Schema + `","style":"nope","blocks":[{}],"layers":[{}]}`))
	f.Add([]byte(`{"schema":"` + Schema + `"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Unmarshal(data)
		if err != nil {
			return
		}
		Verify(b, count)
		if again, err := b.Marshal(); err == nil {
			if b2, err := Unmarshal(again); err == nil {
				// Verifying twice gives the same answer: Verify only reads.
				if v1, v2 := Verify(b2, count), Verify(b2, count); !slices.Equal(v1, v2) {
					t.Fatalf("Verify changed the bundle: %v then %v", v1, v2)
				}
			}
		}
	})
}

// TestBakedBundleVerifies is FuzzVerify's property for the baked seed.
func TestBakedBundleVerifies(t *testing.T) {
	data, err := bake(t, testMeta(), testStack()).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	b, err := Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	if v := Verify(b, count); len(v) != 0 {
		t.Fatalf("a baked bundle does not verify: %v", v)
	}
}
