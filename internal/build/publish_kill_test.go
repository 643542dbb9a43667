package build_test

import (
	"bufio"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/search"
)

// killChildEnv names the project a helper process builds (TestKillHelper).
const killChildEnv = "LORE_TEST_KILL_BUILD"

// TestKillHelper is the child build of TestPublishKilled: a lore build of
// the project named by LORE_TEST_KILL_BUILD on the OS file system, which
// prints each stage as it starts.
func TestKillHelper(t *testing.T) {
	dir := os.Getenv(killChildEnv)
	if dir == "" {
		t.Skip("the child of TestPublishKilled")
	}
	res, err := build.Run(build.RunOptions{Options: build.Options{FS: afero.NewOsFs(), Dir: dir},
		Progress: func(stage string) { fmt.Fprintf(os.Stdout, "stage %s\n", stage) }})
	if err != nil || res.Failed {
		fmt.Fprintf(os.Stdout, "failed %v\n", err)
		os.Exit(3)
	}
	fmt.Fprintln(os.Stdout, "stage done")
	os.Exit(0)
}

// TestPublishKilled: a build killed (SIGKILL) at any point leaves the
// output folder as the previous build published it or as a complete new
// build publishes it, never a mix; the next build publishes the new output
// and leaves nothing behind, beside the output or in the temporary folder.
func TestPublishKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a generated project some twenty times")
	}
	root := t.TempDir()
	tmp := filepath.Join(root, "tmp")
	if err := os.Mkdir(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TMPDIR", tmp)
	osfs := afero.NewOsFs()
	src := filepath.Join(root, "src")
	writeGenProject(t, afero.NewBasePathFs(osfs, src), 150)

	points := []struct {
		stage string
		after time.Duration
		first bool // the first build (no output, no cache yet)
	}{
		{"load", 0, false}, {"lint", 0, false}, {"bundles", 0, false}, {"render", 0, false}, {"render", 20 * time.Millisecond, false},
		{"index", 0, false}, {"publish", 0, false}, {"publish", time.Millisecond, false}, {"publish", 5 * time.Millisecond, false},
		{"done", 0, false}, {"render", 20 * time.Millisecond, true}, {"publish", 0, true},
	}
	for i, pt := range points {
		what := fmt.Sprintf("killed %v after %q", pt.after, pt.stage)
		if pt.first {
			what = "first build " + what
		}
		run := filepath.Join(root, fmt.Sprintf("run-%d", i))
		copyTree(t, src, run)
		proj := filepath.Join(run, "p")
		out := filepath.ToSlash(filepath.Join(proj, "public"))
		before := map[string][]byte{}
		if !pt.first {
			mustBuild(t, build.RunOptions{Options: build.Options{FS: osfs, Dir: proj}})
			before = files(t, osfs, out)
		}
		editProject(t, proj)
		// The complete new output: the edited project, built from scratch.
		expected := filepath.Join(run, "expected")
		mustBuild(t, build.RunOptions{Options: build.Options{FS: osfs, Dir: proj}, NoCache: true, Out: expected})
		wantNew := files(t, osfs, filepath.ToSlash(expected))
		if err := os.RemoveAll(expected); err != nil {
			t.Fatal(err)
		}

		killAt(t, proj, pt.stage, pt.after)
		after := map[string][]byte{} // no output yet: the previous state of a first build
		if _, err := os.Stat(out); err == nil {
			after = files(t, osfs, out)
		}
		if d := outputDiff(before, after, true); len(d) > 0 {
			if d2 := outputDiff(wantNew, after, false); len(d2) > 0 {
				t.Errorf("%s: the output is neither the previous one (%s) nor the new one (%s)", what, strings.Join(d[:min(len(d), 6)], ", "), strings.Join(d2[:min(len(d2), 6)], ", "))
			}
		}

		mustBuild(t, build.RunOptions{Options: build.Options{FS: osfs, Dir: proj}})
		if d := outputDiff(wantNew, files(t, osfs, out), false); len(d) > 0 {
			t.Errorf("%s: the next build's output is not the new one: %s", what, strings.Join(d[:min(len(d), 6)], ", "))
		}
		if stray := strays(t, run, tmp); len(stray) > 0 {
			t.Errorf("%s: the next build left %v", what, stray)
		}
	}
}

// killAt runs the child build of proj and kills it once it has started
// stage (and after that long); "done" lets it finish.
func killAt(t *testing.T, proj, stage string, after time.Duration) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillHelper$", "-test.count=1")
	cmd.Env = append(os.Environ(), killChildEnv+"="+proj)
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stdout)
	killed := false
	for sc.Scan() {
		if !killed && stage != "done" && sc.Text() == "stage "+stage {
			time.Sleep(after)
			_ = cmd.Process.Kill()
			killed = true
		}
	}
	err = cmd.Wait()
	if !killed && err != nil {
		t.Fatalf("the child build failed: %v", err)
	}
}

// editProject changes the project's inputs: three manuals edited, one
// removed, one added.
func editProject(t *testing.T, proj string) {
	t.Helper()
	ms := manual.Load(afero.NewOsFs(), []string{filepath.ToSlash(filepath.Join(proj, "manuals"))}).Manuals
	if len(ms) < 10 {
		t.Fatalf("%d manuals", len(ms))
	}
	for _, m := range []*manual.Manual{ms[1], ms[len(ms)/2], ms[len(ms)-2]} {
		f, err := os.OpenFile(filepath.FromSlash(m.Path), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(f, "\nAn edited paragraph about %s.\n", m.Name)
		f.Close()
	}
	if err := os.Remove(filepath.FromSlash(ms[3].Path)); err != nil {
		t.Fatal(err)
	}
	added := filepath.Join(filepath.Dir(filepath.FromSlash(ms[5].Path)), "added-by-the-edit.md")
	if err := os.WriteFile(added, []byte("---\ntriggers: added edit\nsummary: Added by the edit.\n---\n# Added\n\nNew text.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// outputDiff lists how two outputs differ: by name and bytes, exactly, or
// (not exact) leaving out the catalog's index files, which differ between
// builds of the same catalog (as sameOutput does).
func outputDiff(a, b map[string][]byte, exact bool) []string {
	skip := func(name string) bool {
		if search.OwnFile(strings.TrimPrefix(name, build.CatalogDir+"/")) {
			return false
		}
		return !exact && strings.HasPrefix(name, build.CatalogDir+"/")
	}
	var diffs []string
	for _, name := range slices.Sorted(maps.Keys(a)) {
		if skip(name) {
			continue
		}
		if w, ok := b[name]; !ok {
			diffs = append(diffs, name+" missing")
		} else if sha256.Sum256(a[name]) != sha256.Sum256(w) {
			diffs = append(diffs, name+" differs")
		}
	}
	for _, name := range slices.Sorted(maps.Keys(b)) {
		if _, ok := a[name]; !ok && !skip(name) {
			diffs = append(diffs, name+" extra")
		}
	}
	if !exact && b[build.CatalogDir+"/lore-catalog.json"] != nil && !hasPrefixKey(b, build.CatalogDir+"/store/") {
		diffs = append(diffs, "no catalog index")
	}
	return diffs
}

func hasPrefixKey(m map[string][]byte, prefix string) bool {
	for k := range m {
		if strings.HasPrefix(k, prefix) {
			return true
		}
	}
	return false
}

// strays lists what builds leave that is not output, cache or input: temporary
// folders and files beside or inside the output, catalog folders in tmp.
func strays(t *testing.T, run, tmp string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(run, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		n := d.Name()
		if strings.HasSuffix(n, ".lore-tmp") || strings.Contains(n, ".tmp-") || strings.HasPrefix(n, ".public.") {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		out = append(out, filepath.Join(tmp, e.Name()))
	}
	return out
}

// copyTree copies the folder src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
