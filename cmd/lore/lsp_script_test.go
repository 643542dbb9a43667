package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// lspFrame writes the JSON messages of a file, one a line, framed as the
// Language Server Protocol sends them (Content-Length header), with $VARS
// of the script expanded (file URIs need $WORK):
//
//	lspframe IN OUT
func lspFrame(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: lspframe IN OUT")
	}
	src := ts.ReadFile(args[0])
	var b strings.Builder
	for _, l := range strings.Split(src, "\n") {
		if l = strings.TrimSpace(l); l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		l = os.Expand(l, ts.Getenv)
		fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(l), l)
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(b.String()), 0o644))
}
