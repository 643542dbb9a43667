package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A command's error names files of the project, whose names the
// contributor chooses: a content page named "x\n::warning …::hi.md"
// printed a line of its own, which GitHub Actions reads as a workflow
// command (an annotation, or ::stop-commands:: that silences every
// annotation after it). The error is printed on one line, its control
// characters escaped.
func TestErrorNamesPrintOnOneLine(t *testing.T) {
	dir := t.TempDir()
	name := "x\n::warning title=INJECTED::hi\x1b[2J.md"
	for p, s := range map[string]string{
		"manuals/ok.md":                "---\ntriggers: ok\nsummary: OK.\n---\n# OK\n\nText.\n",
		filepath.Join("content", name): "---\ntitle: x\n",
	} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(s), 0o644); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("a file name with a newline: %v", err)
			}
			t.Skipf("a file name with a newline: %v", err)
		}
	}
	t.Chdir(dir)
	var out, errb bytes.Buffer
	if code := run([]string{"build"}, strings.NewReader(""), &out, &errb); code != exitFailure {
		t.Fatalf("exit %d, want %d:\n%s", code, exitFailure, errb.String())
	}
	got := errb.String()
	if strings.Count(got, "\n") != 1 || strings.Contains(got, "\x1b") {
		t.Errorf("the error prints more than one line, or an escape:\n%q", got)
	}
	if want := `content/x\n::warning title=INJECTED::hi\x1b[2J.md: the page's file name holds a control character`; !strings.Contains(got, want) {
		t.Errorf("stderr %q lacks %q", got, want)
	}
}
