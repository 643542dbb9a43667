// Package par runs the items of a list on every core, a few long-lived
// goroutines taking the items in order.
package par

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Each calls f for 0…n-1 on at most GOMAXPROCS goroutines at once and
// returns when every call has returned. Each goroutine takes the next
// index until none is left, so one goroutine makes many calls: a call
// that needs a deep stack (a view hashed by reflection, a parser) grows
// its goroutine's stack once, not once per item as a goroutine per item
// (errgroup with a limit) does, which was 4 % of the CPU of a one-edit
// build of 10,000 manuals.
func Each(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 0 {
		return
	}
	var next atomic.Int64
	work := func() {
		for {
			i := int(next.Add(1)) - 1
			if i >= n {
				return
			}
			f(i)
		}
	}
	var wg sync.WaitGroup
	for range workers - 1 {
		wg.Go(work)
	}
	work()
	wg.Wait()
}

// EachErr is Each for calls that can fail: every call runs, and the first
// error returned (the first in time) is returned.
func EachErr(n int, f func(i int) error) error {
	var (
		once  sync.Once
		first error
	)
	Each(n, func(i int) {
		if err := f(i); err != nil {
			once.Do(func() { first = err })
		}
	})
	return first
}
