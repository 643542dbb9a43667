package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/afero"
	"gopkg.in/yaml.v3"

	"github.com/lorekit/lore/internal/scaffold"
)

// preCommitHook is one entry of .pre-commit-hooks.yaml.
type preCommitHook struct {
	ID            string   `yaml:"id"`
	Name          string   `yaml:"name"`
	Description   string   `yaml:"description"`
	Entry         string   `yaml:"entry"`
	Language      string   `yaml:"language"`
	Files         string   `yaml:"files"`
	Types         []string `yaml:"types"`
	PassFilenames *bool    `yaml:"pass_filenames"`
	RequireSerial bool     `yaml:"require_serial"`
}

// TestPreCommitHooks: .pre-commit-hooks.yaml holds lore-lint (file names
// passed: lint takes paths) and lore-locked (none passed: a locked build
// is of the whole project), both built with Go, with entries that are
// lore commands and flags that exist, and file patterns that select what
// each hook checks.
func TestPreCommitHooks(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []preCommitHook
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&hooks); err != nil {
		t.Fatalf(".pre-commit-hooks.yaml: %v", err)
	}
	byID := map[string]preCommitHook{}
	for _, h := range hooks {
		if h.ID == "" || h.Name == "" || h.Description == "" || h.Entry == "" {
			t.Errorf("hook %+v: id, name, description and entry are required", h)
		}
		if h.Language != "golang" {
			t.Errorf("hook %s: language %q, want golang", h.ID, h.Language)
		}
		if _, dup := byID[h.ID]; dup {
			t.Errorf("hook %s twice", h.ID)
		}
		byID[h.ID] = h
		root := newRoot(&env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard})
		args := strings.Fields(h.Entry)
		if args[0] != "lore" {
			t.Errorf("hook %s: entry %q does not run lore", h.ID, h.Entry)
			continue
		}
		c, rest, err := root.Find(args[1:])
		if err != nil || c == root {
			t.Errorf("hook %s: entry %q is no lore command: %v", h.ID, h.Entry, err)
			continue
		}
		if err := c.ParseFlags(rest); err != nil {
			t.Errorf("hook %s: entry %q: %v", h.ID, h.Entry, err)
		}
	}
	lint, locked := byID["lore-lint"], byID["lore-locked"]
	if lint.Entry != "lore lint" || lint.PassFilenames == nil || !*lint.PassFilenames {
		t.Errorf("lore-lint: entry %q, pass_filenames %v; want lore lint with the file names", lint.Entry, lint.PassFilenames)
	}
	if locked.Entry != "lore build --locked" || locked.PassFilenames == nil || *locked.PassFilenames {
		t.Errorf("lore-locked: entry %q, pass_filenames %v; want lore build --locked without file names", locked.Entry, locked.PassFilenames)
	}
	matches := func(h preCommitHook, yes, no []string) {
		re, err := regexp.Compile(h.Files)
		if err != nil {
			t.Errorf("hook %s: files %q: %v", h.ID, h.Files, err)
			return
		}
		for _, p := range yes {
			if !re.MatchString(p) {
				t.Errorf("hook %s: files %q does not select %s", h.ID, h.Files, p)
			}
		}
		for _, p := range no {
			if re.MatchString(p) {
				t.Errorf("hook %s: files %q selects %s", h.ID, h.Files, p)
			}
		}
	}
	matches(lint, []string{"manuals/a.md", "manuals/kinds/chart.md", "docs/manuals/x.md"}, []string{"README.md", "content/ci.md", "manuals/img.png", "prompts/arthur.md"})
	matches(locked, []string{"lore.yaml", "prompts.lock", "prompts/arthur.md", "prompts/layers/shared/guardrails.md", "manuals/a.md",
		"manuals.lock", "manuals/deploy/scripts/release.sh"}, []string{"README.md", "content/ci.md", "go.mod"})
}

// TestPreCommitLintEntryTakesFileNames: what pre-commit runs for
// lore-lint, the entry followed by the changed files, checks those files
// against the project (references to other manuals resolve) and exits 0
// on the starter project.
func TestPreCommitLintEntryTakesFileNames(t *testing.T) {
	dir := t.TempDir()
	if _, err := scaffold.Write(afero.NewOsFs(), dir, ""); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	var out, errb bytes.Buffer
	if code := run([]string{"lint", "manuals/overview.md"}, strings.NewReader(""), &out, &errb); code != exitOK {
		t.Fatalf("lore lint manuals/overview.md: exit %d\n%s%s", code, out.String(), errb.String())
	}
	if !strings.Contains(errb.String(), "lore lint: 1 file,") {
		t.Errorf("stderr %q: want one file linted", errb.String())
	}
}
