package bundle

import (
	"cmp"
	"errors"
	"slices"
	"strings"
	"testing"
)

// FuzzParseLock checks that any prompts.lock either parses, and then
// formats to a file that parses to the same entries, or fails with a
// *LockError at one of its lines.
func FuzzParseLock(f *testing.F) {
	sum := strings.Repeat("a", 64)
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
		back, err := ParseLock(l.Format())
		if err != nil {
			t.Fatalf("the formatted lock does not parse: %v\n%s", err, l.Format())
		}
		if !slices.EqualFunc(normalized(l), normalized(back), func(a, b LockEntry) bool { return a == b }) {
			t.Fatalf("round trip:\n%+v\n%+v", normalized(l), normalized(back))
		}
	})
}

// normalized returns l's entries as Format keeps them: sorted by id,
// without lines, with the growth only when it has a reason.
func normalized(l *Lock) []LockEntry {
	es := slices.Clone(l.Entries)
	for i := range es {
		es[i].Line = 0
		if es[i].Reason == "" {
			es[i].GrewFrom = 0
		}
	}
	slices.SortFunc(es, func(a, b LockEntry) int { return cmp.Compare(a.ID, b.ID) })
	return es
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
