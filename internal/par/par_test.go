package par

import (
	"errors"
	"runtime"
	"sync/atomic"
	"testing"
)

func TestEachCallsEveryIndexOnce(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 1000} {
		calls := make([]atomic.Int32, n)
		Each(n, func(i int) { calls[i].Add(1) })
		for i := range calls {
			if got := calls[i].Load(); got != 1 {
				t.Fatalf("n=%d: index %d called %d times, want 1", n, i, got)
			}
		}
	}
}

func TestEachRunsAtMostGOMAXPROCSAtOnce(t *testing.T) {
	limit := runtime.GOMAXPROCS(0)
	var running, most atomic.Int32
	Each(200, func(int) {
		r := running.Add(1)
		for {
			m := most.Load()
			if r <= m || most.CompareAndSwap(m, r) {
				break
			}
		}
		runtime.Gosched()
		running.Add(-1)
	})
	if got := most.Load(); int(got) > limit {
		t.Fatalf("%d calls at once, want at most GOMAXPROCS=%d", got, limit)
	}
}

func TestEachErrRunsEveryCallAndReturnsAnError(t *testing.T) {
	var calls atomic.Int32
	boom := errors.New("boom")
	err := EachErr(50, func(i int) error {
		calls.Add(1)
		if i%7 == 3 {
			return boom
		}
		return nil
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want %v", err, boom)
	}
	if calls.Load() != 50 {
		t.Fatalf("%d calls, want 50", calls.Load())
	}
	if err := EachErr(10, func(int) error { return nil }); err != nil {
		t.Fatalf("err = %v, want nil", err)
	}
}
