package guard

import (
	"errors"
	"runtime"
	"strings"
	"testing"
)

func TestDoReturnsTheError(t *testing.T) {
	want := errors.New("plain")
	if err := Do(func() error { return want }); err != want {
		t.Fatalf("Do = %v, want %v", err, want)
	}
	if err := Do(func() error { return nil }); err != nil {
		t.Fatalf("Do = %v, want nil", err)
	}
}

func TestDoRecoversAPanic(t *testing.T) {
	err := Do(func() error { panic("boom") })
	var pe *PanicError
	if !errors.As(err, &pe) || pe.Value != "boom" {
		t.Fatalf("Do = %#v, want a PanicError with the value", err)
	}
	if !strings.Contains(pe.Where, "guard_test.go:") || !strings.Contains(err.Error(), "panic: boom (in ") {
		t.Fatalf("where = %q, error = %q: want the panicking file and line", pe.Where, err)
	}
}

func TestDoRecoversARuntimeError(t *testing.T) {
	var s []int
	i := 3
	err := Do(func() error { return errors.New(string(rune(s[i]))) })
	var re runtime.Error
	if !errors.As(err, &re) {
		t.Fatalf("Do = %v, want an error wrapping the runtime.Error", err)
	}
	if !strings.Contains(err.Error(), "index out of range") || !strings.Contains(err.Error(), "guard_test.go:") {
		t.Fatalf("error = %q", err)
	}
}

func TestShorten(t *testing.T) {
	for in, want := range map[string]string{
		"/root/go/pkg/mod/github.com/nikolalohinski/gonja/v2@v2.9.1/exec/evaluator.go": "github.com/nikolalohinski/gonja/v2/exec/evaluator.go",
		"/home/u/go/src/example.com/x/y.go":                                            "example.com/x/y.go",
		"/work/lore/build/x.go":                                                        "/work/lore/build/x.go",
	} {
		if got := shorten(in); got != want {
			t.Errorf("shorten(%q) = %q, want %q", in, got, want)
		}
	}
}
