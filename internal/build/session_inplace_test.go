package build_test

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
)

// TestServeSessionInPlace: a session building into a folder of its own
// (lore serve) updates that folder in place — the folder stays the same
// folder — and after every step of a random (seeded) sequence of edits,
// on the OS file system (real renames and removals: manuals added,
// removed, renamed, edited, lore.yaml and layers edited), it holds
// exactly what a build from scratch publishes, without compressed
// siblings, without empty folders, and nothing is left beside it. A build
// that fails leaves the folder as it was.
func TestServeSessionInPlace(t *testing.T) {
	seed := *seedFlag
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	steps := 10
	if testing.Short() {
		steps = 5
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("reproduce with: go test ./internal/build -run TestServeSessionInPlace -seed %d", seed)
		}
	})
	root := t.TempDir()
	fsys := afero.NewBasePathFs(afero.NewOsFs(), root)
	copyFiles(t, exampleProject(t), fsys)
	lowerErrors(t, fsys)
	e := &editor{t: t, fs: fsys, rng: rand.New(rand.NewPCG(seed, 0x5e1f))}
	s := build.NewSession(build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}, Out: "serve", Private: true})
	defer s.Close()
	served := filepath.Join(root, "serve")
	var folder os.FileInfo
	var good map[string][]byte
	for i := 0; i <= steps; i++ {
		what := "the first build"
		if i > 0 {
			what = fmt.Sprintf("step %d: %s", i, e.edit())
		}
		res, err := s.Build()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		scratch, err := build.Run(build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}, NoCache: true, Out: "scratch"})
		if err != nil {
			t.Fatalf("%s: from scratch: %v", what, err)
		}
		if res.Failed != scratch.Failed {
			t.Fatalf("%s: the session failed %v, from scratch %v", what, res.Failed, scratch.Failed)
		}
		if res.Failed {
			sameOutput(t, what+": after a failed build", good, files(t, fsys, "serve"))
		} else {
			good = files(t, fsys, "serve")
			sameOutput(t, what, withoutSiblings(files(t, fsys, "scratch")), good)
		}
		fi, err := os.Stat(served)
		if err != nil {
			t.Fatal(err)
		}
		if folder != nil && !os.SameFile(folder, fi) {
			t.Errorf("%s: the folder was replaced, not updated in place", what)
		}
		folder = fi
		noEmptyFolders(t, served, what)
		entries, _ := os.ReadDir(root)
		for _, en := range entries {
			if strings.HasPrefix(en.Name(), ".serve") {
				t.Errorf("%s: %s left beside the output", what, en.Name())
			}
		}
		t.Logf("%s: %d written, %d kept", what, res.Written, res.Kept)
		if t.Failed() {
			return
		}
		if err := fsys.RemoveAll("scratch"); err != nil {
			t.Fatal(err)
		}
	}
}

// copyFiles copies every file of from into to.
func copyFiles(t *testing.T, from, to afero.Fs) {
	t.Helper()
	err := afero.Walk(from, ".", func(p string, fi fs.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		b, err := afero.ReadFile(from, p)
		if err != nil {
			return err
		}
		if err := to.MkdirAll(path.Dir(filepath.ToSlash(p)), 0o755); err != nil {
			return err
		}
		return afero.WriteFile(to, p, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// lowerErrors lowers the error rules of the project's lint (but the floor
// and ref/duplicate) to warnings, as TestIncrementalEqualsScratch does:
// removed and renamed manuals leave references dangling.
func lowerErrors(t *testing.T, fsys afero.Fs) {
	t.Helper()
	var lower strings.Builder
	lower.WriteString("\nlint:\n  rules:\n")
	for _, r := range lint.Rules() {
		if r.Severity == diag.Error && !r.Floor && r.ID != "ref/duplicate" {
			fmt.Fprintf(&lower, "    %s: warning\n", r.ID)
		}
	}
	cfg, _ := afero.ReadFile(fsys, "lore.yaml")
	if err := afero.WriteFile(fsys, "lore.yaml", append(cfg, lower.String()...), 0o644); err != nil {
		t.Fatal(err)
	}
}

// noEmptyFolders fails when a folder under dir is empty (a build from
// scratch makes none).
func noEmptyFolders(t *testing.T, dir, what string) {
	t.Helper()
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && p != dir {
			if entries, _ := os.ReadDir(p); len(entries) == 0 {
				t.Errorf("%s: the empty folder %s is left", what, p)
			}
		}
		return err
	})
}

// failingRenames is a file system whose renames into the folder out fail
// once armed, after the first ok of them succeeded.
type failingRenames struct {
	afero.Fs
	out   string
	armed atomic.Bool
	ok    atomic.Int32
}

func (f *failingRenames) Rename(from, to string) error {
	if f.armed.Load() && strings.HasPrefix(to, f.out+"/") && f.ok.Add(-1) < 0 {
		return errors.New("the disk is full")
	}
	return f.Fs.Rename(from, to)
}

// TestServeSessionFailedCommit: when the commit of a session's build into
// its own folder fails halfway (a rename fails), the build reports the
// error, and the session's record says what the folder holds then: the
// next build rewrites only what the failed one left undone (not the whole
// site) and publishes what a build from scratch publishes.
func TestServeSessionFailedCommit(t *testing.T) {
	mem := genProject(t, 60)
	fsys := &failingRenames{Fs: mem, out: "p/serve"}
	s := build.NewSession(build.RunOptions{Options: build.Options{FS: fsys, Dir: "p"}, Out: "p/serve", Private: true})
	defer s.Close()
	first, err := s.Build()
	if err != nil || first.Failed {
		t.Fatalf("the first build: %v", err)
	}
	ms := manualsOf(t, mem)
	// Three edits: their pages, sources, the manifest and the search
	// index are renamed in; the third rename fails.
	for _, m := range ms[:3] {
		edit(t, mem, m.Path, func(s string) string { return s + "\nEdited before the disk filled up.\n" })
	}
	fsys.ok.Store(2)
	fsys.armed.Store(true)
	if _, err := s.Build(); err == nil || !strings.Contains(err.Error(), "the disk is full") {
		t.Fatalf("the build with a failing rename: %v", err)
	}
	fsys.armed.Store(false)
	res, err := s.Build()
	if err != nil || res.Failed {
		t.Fatalf("the build after: %v", err)
	}
	scratch := mustBuild(t, build.RunOptions{Options: build.Options{FS: mem, Dir: "p"}, NoCache: true, Out: "p/fresh"})
	sameOutput(t, "after a failed commit", withoutSiblings(files(t, mem, scratch.Out)), files(t, mem, res.Out))
	if total := len(files(t, mem, res.Out)); res.Written == 0 || res.Written > total/4 {
		t.Errorf("the build after a failed commit wrote %d of %d files: the record of the folder was lost", res.Written, total)
	}
}

// TestServeSessionFailedBuildKeepsRecord: a build of a session into its
// own folder that lint stops leaves the folder as it was and the
// session's record of it: the next good build rewrites only what changed.
func TestServeSessionFailedBuildKeepsRecord(t *testing.T) {
	fsys, s, first := serveSession(t, 60)
	before := files(t, fsys, first.Out)
	ms := manualsOf(t, fsys)
	m := plainManual(t, fsys)
	orig := readFile(t, fsys, ms[0].Path)
	edit(t, fsys, ms[0].Path, func(s string) string { return s + "\n<!-- lore-disable prompt/lock -->\n" })
	edit(t, fsys, m.Path, func(s string) string { return s + "\nEdited while another manual is broken.\n" })
	if res, err := s.Build(); err != nil || !res.Failed {
		t.Fatalf("the build with a floor finding did not fail: %v", err)
	}
	sameOutput(t, "after a failed build", before, files(t, fsys, first.Out))
	if err := afero.WriteFile(fsys, ms[0].Path, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := s.Build()
	if err != nil || res.Failed {
		t.Fatalf("the build after the fix: %v", err)
	}
	scratch := mustBuild(t, build.RunOptions{Options: build.Options{FS: fsys, Dir: "p"}, NoCache: true, Out: "p/fresh"})
	sameOutput(t, "after the fix", withoutSiblings(files(t, fsys, scratch.Out)), files(t, fsys, res.Out))
	if res.Written == 0 || res.Written > len(before)/4 {
		t.Errorf("the build after a failed one wrote %d of %d files", res.Written, len(before))
	}
}

// TestEditedPageThenRemoved: a page written ahead of the build
// (EditedPages) whose manual is then removed is removed by the build: the
// folder updated in place holds what a build from scratch publishes.
func TestEditedPageThenRemoved(t *testing.T) {
	fsys, s, _ := serveSession(t, 40)
	m := plainManual(t, fsys)
	edit(t, fsys, m.Path, func(s string) string { return s + "\nEdited, then removed.\n" })
	if pages, err := s.EditedPages([]string{absolute(t, m.Path)}); err != nil || len(pages) != 1 {
		t.Fatalf("EditedPages wrote %v (%v)", pages, err)
	}
	if err := fsys.Remove(m.Path); err != nil {
		t.Fatal(err)
	}
	res, err := s.Build()
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed {
		t.Fatalf("the build without the manual failed: %s", res.Lint.Diagnostics.Summary())
	}
	scratch := mustBuild(t, build.RunOptions{Options: build.Options{FS: fsys, Dir: "p"}, NoCache: true, Out: "p/fresh"})
	sameOutput(t, "after the page's manual was removed", withoutSiblings(files(t, fsys, scratch.Out)), files(t, fsys, res.Out))
}
