// Package par runs the iterations of a loop on every core.
package par

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// For calls f(i) for every i in [0, n) from GOMAXPROCS goroutines, each
// taking the next index when it is done with the last (so that slow
// iterations do not hold the others up), and returns when every call has
// returned.
func For(n int, f func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				f(i)
			}
		})
	}
	wg.Wait()
}

// ForErr is For for an f that can fail: every call runs, and ForErr
// returns the error of the first call that failed (in time), or nil.
func ForErr(n int, f func(i int) error) error {
	var (
		mu    sync.Mutex
		first error
	)
	For(n, func(i int) {
		if err := f(i); err != nil {
			mu.Lock()
			if first == nil {
				first = err
			}
			mu.Unlock()
		}
	})
	return first
}
