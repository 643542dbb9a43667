package scan

import (
	"regexp"
	"testing"
)

// TestLazyRegexpsCompile compiles every expression the scanners compile
// on first use: a broken one fails here, not in the first lint that
// reaches it.
func TestLazyRegexpsCompile(t *testing.T) {
	if len(lazyREs) < 30 {
		t.Fatalf("only %d lazy expressions registered", len(lazyREs))
	}
	for _, l := range lazyREs {
		if _, err := regexp.Compile(l.src); err != nil {
			t.Errorf("%q: %v", l.src, err)
		}
		if l.get().String() != l.src {
			t.Errorf("%q compiled as %q", l.src, l.get().String())
		}
	}
}
