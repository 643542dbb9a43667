package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// A missing argument, an unknown flag and a refused lore init exit with
// exactly 2 ("! exec" in a script cannot tell 1 from 2), printing nothing
// on stdout.
func TestUsageMistakesExit2(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("lore.yaml", []byte("title: mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"howdoi"}, "missing INTENT"},
		{[]string{"prompt", "set"}, "missing BLOCK"},
		{[]string{"lint", "--formt", "json"}, "did you mean --format?"},
		{[]string{"init"}, "lore.yaml already exists"},
	} {
		var out, errb bytes.Buffer
		code := run(c.args, strings.NewReader(""), &out, &errb)
		if code != exitFailure || !strings.Contains(errb.String(), c.want) || out.Len() != 0 {
			t.Errorf("lore %s: exit %d, stderr %q, stdout %q; want exit 2 saying %q", strings.Join(c.args, " "), code, errb.String(), out.String(), c.want)
		}
	}
	if b, _ := os.ReadFile("lore.yaml"); string(b) != "title: mine\n" {
		t.Errorf("lore init changed lore.yaml: %q", b)
	}
}

func TestRequiredArgs(t *testing.T) {
	for use, want := range map[string]string{
		"howdoi INTENT":                      "INTENT",
		"index --out DIR":                    "",
		"set BLOCK --layer LAYER [--file F]": "BLOCK",
		"expand TEMPLATE [key=value]...":     "TEMPLATE",
		"lint [PATH]...":                     "",
		"verify PATH":                        "PATH",
	} {
		if got := strings.Join(requiredArgs(use), " "); got != want {
			t.Errorf("requiredArgs(%q) = %q, want %q", use, got, want)
		}
	}
}
