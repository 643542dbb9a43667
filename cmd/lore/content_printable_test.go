package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// What lore export and lore hosts print comes from the manuals, which a
// pull request writes: a title, a manual_read('…') name or a link
// holding ESC [2J or ESC ] 0; … BEL cleared or retitled the maintainer's
// terminal, and rewrote the lines printed before it. Both print control
// characters escaped (\x1b), as lore's errors do.
func TestExportAndHostsPrintEscapes(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"lore.yaml": "title: t\n",
		"manuals/tables.md": "---\ntriggers: rows\n---\n# Tables\x1b[2J\x1b]0;owned\x07\n\n" +
			"Use manual_read('no\x1b[31mpe') and [a link](../x\x1b[8m.md).\n",
	}
	for p, s := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	for _, args := range [][]string{
		{"export", "--host", "claude-code", "--out", "out"},
		{"export", "--host", "cursor", "--out", "out", "--check"},
		{"hosts", "--host", "claude-code"},
		{"hosts", "--host", "codex"},
	} {
		var out, errb bytes.Buffer
		run(args, strings.NewReader(""), &out, &errb)
		got := out.String() + errb.String()
		if strings.ContainsAny(got, "\x1b\x07") {
			t.Errorf("lore %s prints a raw escape:\n%q", strings.Join(args, " "), got)
		}
		if !strings.Contains(got, `\x1b`) {
			t.Errorf("lore %s does not show the escape as \\x1b:\n%q", strings.Join(args, " "), got)
		}
	}
}
