package site

import (
	"errors"
	"fmt"
	"html/template"
	"runtime"
	"strings"
	"sync/atomic"
)

// nesting bounds how deep the partials that partialCached and fragment
// run nest. Each call executes its partial anew (ExecuteTemplate), which
// starts text/template's own bound on nested {{template}} calls from
// zero: a project's partial that called itself through either function
// ran until its goroutine's stack was exhausted, and a stack overflow
// ends the process ("fatal error: stack overflow", no message naming the
// layout). The count is of the calls in progress on every page being
// rendered at once; past nestedCalm, every nestedCheck-th call measures
// its own goroutine's stack, so pages rendered side by side never add up
// to a failure.
type nesting struct{ active atomic.Int64 }

const (
	nestedCalm  = 256
	nestedCheck = 32
	// maxNestedFrames is the stack depth, in frames, past which a
	// partial fails: some 2,000 nested partials, a few tens of
	// megabytes of stack, where the process dies at a gigabyte.
	maxNestedFrames = 40_000
)

// errNested is the failure of a partial nested too deep.
type errNested struct{ name string }

func (e *errNested) Error() string {
	return fmt.Sprintf("the partial %q runs partials nested more deeply than any layout needs: does it call itself through fragment or partialCached? Give the recursion an end", e.name)
}

// enter begins a call of the partial name; leave must follow unless it
// fails.
func (n *nesting) enter(name string) error {
	if k := n.active.Add(1); k > nestedCalm && k%nestedCheck == 0 {
		var pc [1]uintptr
		if runtime.Callers(maxNestedFrames, pc[:]) > 0 {
			n.active.Add(-1)
			return &errNested{name}
		}
	}
	return nil
}

func (n *nesting) leave() { n.active.Add(-1) }

// innermost returns the failure of a partial nested too deep that err
// holds, as it is, so that the calls it ends do not each wrap it again;
// any other error unchanged.
func innermost(err error) error {
	var e *errNested
	if errors.As(err, &e) {
		return e
	}
	return err
}

// execute runs the partial name of t with data, as partialCached and
// fragment do, nested calls bounded.
func (n *nesting) execute(t *template.Template, name string, data any) (template.HTML, error) {
	if err := n.enter(name); err != nil {
		return "", err
	}
	defer n.leave()
	var b strings.Builder
	if err := t.ExecuteTemplate(&b, name, data); err != nil {
		return "", innermost(err)
	}
	return template.HTML(b.String()), nil // #nosec G203 -- escaped by html/template as name
}
