package main

import (
	"bytes"
	"strings"
	"testing"
)

// A listen address beyond this machine without --allow-remote is a usage
// error: exit 2, naming the flag, before anything is built. (testscript's
// "! exec" cannot tell 1 from 2.)
func TestRemoteAddressWithoutFlagIsUsageError(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("LORE_MCP_TOKEN", "")
	for _, args := range [][]string{
		{"serve", "--addr", "0.0.0.0:0"},
		{"serve", "--addr", ":0"},
		{"mcp", "--http", "0.0.0.0:0"},
		{"mcp", "--http", "[::]:0"},
	} {
		var out, errb bytes.Buffer
		code := run(args, strings.NewReader(""), &out, &errb)
		if code != exitFailure || !strings.Contains(errb.String(), "--allow-remote") || out.Len() != 0 {
			t.Errorf("lore %s: exit %d, stderr %q, stdout %q; want exit 2 naming --allow-remote", strings.Join(args, " "), code, errb.String(), out.String())
		}
	}
}
