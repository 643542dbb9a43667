package binenc

import (
	"reflect"
	"testing"
)

// TestRoundTrip: every part reads back as written, nil lists stay nil and
// empty ones empty, and the reader is done after the last part.
func TestRoundTrip(t *testing.T) {
	var w Writer
	w.Int(-7)
	w.Ints(0, 1<<40)
	w.Bool(true)
	w.Bool(false)
	w.Str("")
	w.Str("grüße\x00")
	w.Strs(nil)
	w.Strs([]string{})
	w.Strs([]string{"a", "bc"})
	r := NewReader(w.B)
	got := []any{r.Int(), r.Int(), r.Int(), r.Bool(), r.Bool(), r.Str(), r.Str(), r.Strs(), r.Strs(), r.Strs()}
	want := []any{-7, 0, 1 << 40, true, false, "", "grüße\x00", []string(nil), []string{}, []string{"a", "bc"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("read back %#v, want %#v", got, want)
	}
	if !r.Done() {
		t.Fatal("not done after the last part")
	}
}

// TestFailsClosed: a truncated or damaged form is bad, every part after
// the bad one reads as zero, and a length larger than the bytes left
// allocates nothing.
func TestFailsClosed(t *testing.T) {
	var w Writer
	w.Str("hello")
	w.Strs([]string{"x", "y"})
	for n := range len(w.B) {
		r := NewReader(w.B[:n])
		r.Str()
		r.Strs()
		if r.Done() || !r.Bad() {
			t.Fatalf("the first %d of %d bytes read as whole", n, len(w.B))
		}
	}
	var huge Writer
	huge.Int(1 << 40) // a count far beyond the bytes left
	r := NewReader(huge.B)
	if n := r.Count(); n != 0 || !r.Bad() {
		t.Fatalf("Count of a length beyond the input: %d, bad %v", n, r.Bad())
	}
	if s := r.Str(); s != "" {
		t.Fatalf("a part after a bad one read as %q", s)
	}
	r = NewReader(huge.B)
	if ss := r.Strs(); ss != nil || !r.Bad() {
		t.Fatalf("Strs of a length beyond the input: %d strings, bad %v", len(ss), r.Bad())
	}
	extra := append(append([]byte(nil), w.B...), 0)
	r = NewReader(extra)
	r.Str()
	r.Strs()
	if r.Done() || r.Bad() {
		t.Fatalf("a byte left over: done %v, bad %v", r.Done(), r.Bad())
	}
}
