package site

import (
	"sync"
	"testing"
)

// Pages rendered side by side add their partial calls up past nestedCalm
// without failing any: only a deep stack fails.
func TestNestingCountsStacksNotPages(t *testing.T) {
	n := &nesting{}
	const pages, depth = 400, 3
	var entered, release sync.WaitGroup
	entered.Add(pages)
	release.Add(1)
	errs := make(chan error, pages*depth)
	var done sync.WaitGroup
	for range pages {
		done.Go(func() {
			var nest func(d int)
			nest = func(d int) {
				if d == depth {
					entered.Done()
					release.Wait()
					return
				}
				if err := n.enter("p"); err != nil {
					errs <- err
					entered.Done()
					return
				}
				defer n.leave()
				nest(d + 1)
			}
			nest(0)
		})
	}
	entered.Wait()
	if got := n.active.Load(); got <= nestedCalm {
		t.Fatalf("%d calls in progress, want more than %d", got, nestedCalm)
	}
	release.Done()
	done.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("a page nested %d deep failed: %v", depth, err)
	}
	if n.active.Load() != 0 {
		t.Errorf("%d calls left in progress", n.active.Load())
	}
}

// A call deep in a goroutine's stack fails, with the failure unwrapped
// by innermost.
func TestNestingFailsDeepStacks(t *testing.T) {
	n := &nesting{}
	var deep func(d int) error
	deep = func(d int) error {
		if err := n.enter("loop"); err != nil {
			return err
		}
		defer n.leave()
		if d > 100_000 {
			t.Fatal("100,000 nested calls did not fail")
		}
		return deep(d + 1)
	}
	err := deep(0)
	if _, ok := innermost(err).(*errNested); !ok {
		t.Fatalf("got %v, want the nesting failure", err)
	}
	if n.active.Load() != 0 {
		t.Errorf("%d calls left in progress", n.active.Load())
	}
}
