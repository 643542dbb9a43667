package main

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite generated files (content/reference) from the current code")

// TestGeneratedDocsUpToDate: the committed CLI and manifest reference pages
// equal what 'lore docs' generates now (go test ./cmd/lore -update, or
// lore docs, refreshes them).
func TestGeneratedDocsUpToDate(t *testing.T) {
	root := newRoot(&env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard})
	docs := generatedDocs(root)
	for name, want := range docs {
		file := filepath.Join("..", "..", "content", "reference", name)
		if *update {
			if err := os.WriteFile(file, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%s: %v (run lore docs)", file, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is out of date: run 'go run ./cmd/lore docs' and commit it", file)
		}
	}
	cli := string(docs["cli.md"])
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() && c.Name() != "help" && c.Name() != "completion" && !strings.Contains(cli, "## lore "+c.Name()+"\n") {
			t.Errorf("the CLI reference lacks lore %s", c.Name())
		}
	}
	if strings.Contains(cli, "## lore docs") {
		t.Error("the hidden docs command is in the reference")
	}
	if !strings.Contains(cli, "| `--addr` | `127.0.0.1:1313` |") {
		t.Error("the serve flags are not in the reference")
	}
}
