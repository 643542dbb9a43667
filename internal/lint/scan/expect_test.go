package scan

import "testing"

// expectInjection checks that Injection (overrides on, outside a prompt)
// finds every text of found and nothing in any text of silent.
func expectInjection(t *testing.T, found, silent []string) {
	t.Helper()
	for _, s := range found {
		if len(Injection([]byte(s), true, false)) == 0 {
			t.Errorf("not found: %q", s)
		}
	}
	for _, s := range silent {
		if h := Injection([]byte(s), true, false); len(h) > 0 {
			t.Errorf("found in %q: %s", s, h[0].What)
		}
	}
}
