package par

import (
	"errors"
	"sync/atomic"
	"testing"
)

func TestForCallsEveryIndexOnce(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 1000} {
		seen := make([]atomic.Int32, n)
		For(n, func(i int) { seen[i].Add(1) })
		for i := range seen {
			if c := seen[i].Load(); c != 1 {
				t.Fatalf("n=%d: index %d called %d times", n, i, c)
			}
		}
	}
}

func TestForErrRunsAllAndReturnsAnError(t *testing.T) {
	var calls atomic.Int32
	bad := errors.New("bad")
	err := ForErr(50, func(i int) error {
		calls.Add(1)
		if i%10 == 3 {
			return bad
		}
		return nil
	})
	if !errors.Is(err, bad) || calls.Load() != 50 {
		t.Errorf("ForErr = %v after %d calls, want bad after 50", err, calls.Load())
	}
	if err := ForErr(5, func(int) error { return nil }); err != nil {
		t.Errorf("ForErr without failures = %v", err)
	}
}
