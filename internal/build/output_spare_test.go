package build_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/diag"
)

// TestSpareOutput: the output a build swaps out is kept in the cache as
// the next build's new folder (output_spare.go). The next build, made in
// it, publishes what a build from scratch publishes, even when the spare
// was tampered with (a file replaced, one added); it never writes into
// the spare's files, which are hard links to the published ones (the
// swapped-out output still holds what was published); a build that fails
// keeps its folder as the spare; and the cache holds one spare at most.
func TestSpareOutput(t *testing.T) {
	pr := newOSProject(t, 40)
	osfs, proj, out, o := pr.fs, pr.dir, pr.out, pr.o
	scratch := func(what string) { t.Helper(); pr.scratch(t, what) }
	spares := func() []string {
		t.Helper()
		entries, err := os.ReadDir(filepath.Join(proj, build.CacheDir))
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range entries {
			if e.IsDir() && strings.HasSuffix(e.Name(), cache.FolderSuffix) {
				out = append(out, filepath.Join(proj, build.CacheDir, e.Name()))
			}
		}
		return out
	}

	mustBuild(t, o)
	editProject(t, proj)
	mustBuild(t, o) // the first output is the spare now
	sp := spares()
	if len(sp) != 1 {
		t.Fatalf("after two builds, spares %v, want one", sp)
	}
	published := files(t, osfs, out)

	// Tamper with the spare: a file replaced by other bytes, one added.
	var victim string
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for n := range files(t, osfs, filepath.ToSlash(sp[0])) {
			if !yield(n) {
				return
			}
		}
	}) {
		if strings.HasPrefix(name, "manuals/") && strings.HasSuffix(name, ".html") {
			victim = name
			break
		}
	}
	if victim == "" {
		t.Fatal("the spare holds no manual page")
	}
	tampered := filepath.Join(sp[0], filepath.FromSlash(victim))
	if err := os.WriteFile(tampered+".new", []byte("tampered"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tampered+".new", tampered); err != nil { // a new file: the published one stays
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sp[0], "stray.html"), []byte("stray"), 0o644); err != nil {
		t.Fatal(err)
	}

	editProject(t, proj)
	res := mustBuild(t, o)
	if res.Written == 0 || res.UpToDate {
		t.Fatalf("an edited project: %d files written, up to date %v", res.Written, res.UpToDate)
	}
	scratch("the build made in the spare")
	sp = spares()
	if len(sp) != 1 {
		t.Fatalf("spares %v, want one", sp)
	}
	// The spare is the output swapped out: what was published, unchanged.
	kept := files(t, osfs, filepath.ToSlash(sp[0]))
	for name, b := range published {
		if got, ok := kept[name]; !ok || !bytes.Equal(got, b) {
			t.Errorf("the swapped-out output's %s changed while the next build was made", name)
		}
	}

	// A build that fails keeps its folder as the spare; the next one
	// publishes what a build from scratch does.
	before := files(t, osfs, out)
	editProject(t, proj)
	failing := o
	failing.FailOn = diag.Warning
	if res, err := build.Run(failing); err != nil || !res.Failed {
		t.Fatalf("a build failing on warnings: %v, failed %v", err, res != nil && res.Failed)
	}
	sameOutput(t, "the output after a failed build", before, files(t, osfs, out))
	if sp := spares(); len(sp) != 1 {
		t.Fatalf("after a failed build, spares %v, want one", sp)
	}
	mustBuild(t, o)
	scratch("the build after a failed one")
	if sp := spares(); len(sp) != 1 {
		t.Fatalf("spares %v, want one", sp)
	}
}

// osProject is a generated project of n manuals on the real file system
// (hard links, renames and locks are the system's), with the options of
// a plain build of it and a check that its output is what a build from
// scratch publishes.
type osProject struct {
	fs        afero.Fs
	dir, out  string
	o         build.RunOptions
	scratchIn string
}

func newOSProject(t *testing.T, n int) *osProject {
	t.Helper()
	root := t.TempDir()
	osfs := afero.NewOsFs()
	writeGenProject(t, afero.NewBasePathFs(osfs, root), n)
	proj := filepath.Join(root, "p")
	return &osProject{fs: osfs, dir: proj, out: filepath.ToSlash(filepath.Join(proj, "public")),
		o: build.RunOptions{Options: build.Options{FS: osfs, Dir: proj}}, scratchIn: filepath.Join(root, "scratch")}
}

// scratch checks that the published output is what a build from scratch
// publishes; what names the case.
func (p *osProject) scratch(t *testing.T, what string) {
	t.Helper()
	mustBuild(t, build.RunOptions{Options: build.Options{FS: p.fs, Dir: p.dir}, NoCache: true, Out: p.scratchIn})
	sameOutput(t, what, files(t, p.fs, filepath.ToSlash(p.scratchIn)), files(t, p.fs, p.out))
	if err := os.RemoveAll(p.scratchIn); err != nil {
		t.Fatal(err)
	}
}
