package main

import "testing"

func TestUseColor(t *testing.T) {
	for _, c := range []struct {
		mode     string
		terminal bool
		noColor  string
		want     bool
	}{
		{"auto", true, "", true},
		{"auto", true, "1", false},
		{"auto", true, "0", false}, // any value counts
		{"auto", false, "", false},
		{"always", false, "1", true},
		{"never", true, "", false},
	} {
		if got := useColor(c.mode, c.terminal, c.noColor); got != c.want {
			t.Errorf("useColor(%q, %v, %q) = %v, want %v", c.mode, c.terminal, c.noColor, got, c.want)
		}
	}
}
