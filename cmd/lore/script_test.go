package main

import (
	"bytes"
	"os"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"lore": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the end-to-end scripts in testdata/script: one
// behaviour per file, named category_behaviour.txtar.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "../../testdata/script",
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Cmds:                map[string]func(*testscript.TestScript, bool, []string){"bigfile": bigfile},
	})
}

// bigfile writes a file of at least SIZE bytes of Markdown text lines:
//
//	bigfile PATH SIZE
func bigfile(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: bigfile PATH SIZE")
	}
	size, err := strconv.Atoi(args[1])
	if err != nil {
		ts.Fatalf("bigfile: %v", err)
	}
	line := []byte("A line of text in a file far too large to be a manual.\n")
	var b bytes.Buffer
	b.WriteString("# Big\n\n")
	for b.Len() < size {
		b.Write(line)
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), b.Bytes(), 0o644))
}
