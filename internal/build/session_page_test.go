package build_test

import (
	"bytes"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/manual"
)

// serveSession starts a session as lore serve runs one, building into a
// folder of its own, on a generated project in memory, and builds it
// once.
func serveSession(t *testing.T, n int) (afero.Fs, *build.Session, *build.Result) {
	return startSession(t, n, build.RunOptions{Out: "p/serve", Private: true})
}

// plainManual returns a manual of the project on fsys that no other file
// shares a name with and that is no part of a skill.
func plainManual(t *testing.T, fsys afero.Fs) *manual.Manual {
	t.Helper()
	set := manual.NewSet(manualsOf(t, fsys))
	for _, m := range set.Manuals[len(set.Manuals)/3:] {
		if len(set.ByName(m.Name)) == 1 && m.Owner == nil && !m.IsSkillEntry() {
			return m
		}
	}
	t.Fatal("the generated project has no plain manual")
	return nil
}

// absolute is the path the watcher reports for the file p of the
// session's file system (relative to the working folder).
func absolute(t *testing.T, p string) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(wd, filepath.FromSlash(p))
}

func readFile(t *testing.T, fsys afero.Fs, p string) []byte {
	t.Helper()
	b, err := afero.ReadFile(fsys, p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestEditedPageEqualsBuild: the page EditedPages writes for a body edit
// (title, summary and triggers kept) is byte for byte the page the build
// after it writes, and the page a build from scratch writes; the build
// after it publishes what a build from scratch publishes.
func TestEditedPageEqualsBuild(t *testing.T) {
	fsys, s, res := serveSession(t, 60)
	m := plainManual(t, fsys)
	edits := []func(string) string{
		func(s string) string { return s + "\nOne more paragraph, edited while serving.\n" },
		func(s string) string {
			return s + "\n## Added while serving\n\nWith code:\n\n```go\nfunc main() { println(\"hi\") }\n```\n"
		},
		func(s string) string { return strings.Replace(s, "\n\n", "\n\nA sentence up front.\n\n", 1) },
	}
	for i, change := range edits {
		edit(t, fsys, m.Path, change)
		before := files(t, fsys, res.Out)
		pages, err := s.EditedPages([]string{absolute(t, m.Path)})
		if err != nil {
			t.Fatal(err)
		}
		if len(pages) != 1 {
			t.Fatalf("edit %d: EditedPages wrote %v, want the page of %s", i, pages, m.Path)
		}
		page := pages[0]
		fast := readFile(t, fsys, path.Join(res.Out, page))
		if bytes.Equal(fast, before[page]) {
			t.Fatalf("edit %d: %s was not rewritten", i, page)
		}
		after := files(t, fsys, res.Out)
		for p, b := range before {
			if p != page && !bytes.Equal(after[p], b) {
				t.Errorf("edit %d: EditedPages changed %s too", i, p)
			}
		}
		if len(after) != len(before) {
			t.Errorf("edit %d: EditedPages left %d files, want %d (no temporary file)", i, len(after), len(before))
		}

		res, err = s.Build()
		if err != nil || res.Failed {
			t.Fatalf("edit %d: the build after the page failed: %v", i, err)
		}
		full := readFile(t, fsys, path.Join(res.Out, page))
		if !bytes.Equal(fast, full) {
			t.Fatalf("edit %d: the page written ahead differs from the build's:\n%s", i, firstDiff(string(full), string(fast)))
		}
		scratch := mustBuild(t, build.RunOptions{Options: build.Options{FS: fsys, Dir: "p"}, NoCache: true, Out: "p/fresh"})
		sameOutput(t, "after the page written ahead", withoutSiblings(files(t, fsys, scratch.Out)), files(t, fsys, res.Out))
		if !bytes.Equal(fast, readFile(t, fsys, path.Join(scratch.Out, page))) {
			t.Fatalf("edit %d: the page written ahead differs from a build from scratch", i)
		}
	}
}

// TestEditedPagesDeclines: EditedPages writes nothing unless every changed
// file is an existing manual whose findings would not fail the build.
func TestEditedPagesDeclines(t *testing.T) {
	fsys, s, res := serveSession(t, 40)
	m := plainManual(t, fsys)
	orig := readFile(t, fsys, m.Path)
	cases := []struct {
		name    string
		prepare func() []string
		undo    func()
	}{
		{"the project file changed too", func() []string {
			edit(t, fsys, m.Path, func(s string) string { return s + "\nEdited.\n" })
			return []string{absolute(t, m.Path), absolute(t, "p/lore.yaml")}
		}, nil},
		{"a new manual", func() []string {
			p := path.Join(path.Dir(m.Path), "new-while-serving.md")
			if err := afero.WriteFile(fsys, p, []byte("---\ntriggers: new\nsummary: New.\n---\n# New\n\nNew.\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			return []string{absolute(t, p)}
		}, func() { fsys.Remove(path.Join(path.Dir(m.Path), "new-while-serving.md")) }},
		{"a removed manual", func() []string {
			fsys.Remove(m.Path)
			return []string{absolute(t, m.Path)}
		}, nil},
		{"an edit lint fails", func() []string {
			edit(t, fsys, m.Path, func(s string) string { return s + "\n<!-- lore-disable prompt/lock -->\n" })
			return []string{absolute(t, m.Path)}
		}, nil},
		{"the same bytes", func() []string {
			return []string{absolute(t, m.Path)}
		}, nil},
	}
	for _, c := range cases {
		before := files(t, fsys, res.Out)
		pages, err := s.EditedPages(c.prepare())
		if err != nil || len(pages) > 0 {
			t.Errorf("%s: EditedPages wrote %v (%v), want nothing", c.name, pages, err)
		}
		sameOutput(t, c.name, before, files(t, fsys, res.Out))
		if c.undo != nil {
			c.undo()
		}
		if err := afero.WriteFile(fsys, m.Path, orig, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestEditedPageThenFailedBuild: a page written ahead of a build that
// then fails (an error elsewhere) is not taken for the published one: once
// everything is back, the build publishes what a build from scratch does.
func TestEditedPageThenFailedBuild(t *testing.T) {
	fsys, s, _ := serveSession(t, 40)
	m := plainManual(t, fsys)
	orig := readFile(t, fsys, m.Path)
	edit(t, fsys, m.Path, func(s string) string { return s + "\nEdited ahead.\n" })
	pages, err := s.EditedPages([]string{absolute(t, m.Path)})
	if err != nil || len(pages) != 1 {
		t.Fatalf("EditedPages wrote %v (%v)", pages, err)
	}
	var other *manual.Manual
	for _, o := range manualsOf(t, fsys) {
		if o.Path != m.Path && o.Owner == nil && !o.IsSkillEntry() {
			other = o
			break
		}
	}
	otherSrc := readFile(t, fsys, other.Path)
	edit(t, fsys, other.Path, func(s string) string { return s + "\n<!-- lore-disable prompt/lock -->\n" })
	if r, err := s.Build(); err != nil || !r.Failed {
		t.Fatalf("the build with a floor finding did not fail: %v", err)
	}
	// Both files as they were: the page written ahead is stale now.
	afero.WriteFile(fsys, m.Path, orig, 0o644)
	afero.WriteFile(fsys, other.Path, otherSrc, 0o644)
	if pages, _ := s.EditedPages([]string{absolute(t, m.Path)}); len(pages) > 0 {
		t.Fatalf("EditedPages wrote %v after a failed build", pages)
	}
	res, err := s.Build()
	if err != nil || res.Failed {
		t.Fatalf("the build failed: %v", err)
	}
	scratch := mustBuild(t, build.RunOptions{Options: build.Options{FS: fsys, Dir: "p"}, NoCache: true, Out: "p/fresh"})
	sameOutput(t, "after a failed build", withoutSiblings(files(t, fsys, scratch.Out)), files(t, fsys, res.Out))
}
