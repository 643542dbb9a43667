package build_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/corpusgen"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/fixture"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/precompress"
	"github.com/lorekit/lore/internal/search"
)

// memProject writes a generated project of n manuals into memory under
// "p", with every error rule lowered to a warning so that it builds.
func genProject(t *testing.T, n int) afero.Fs {
	t.Helper()
	fsys := afero.NewMemMapFs()
	writeGenProject(t, fsys, n)
	return fsys
}

// writeGenProject writes genProject's project into fsys under "p".
func writeGenProject(t *testing.T, fsys afero.Fs, n int) {
	t.Helper()
	if err := corpusgen.Write(fsys, "p", n, 7); err != nil {
		t.Fatal(err)
	}
	cfg, err := afero.ReadFile(fsys, "p/lore.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("\nlint:\n  rules:\n")
	for _, r := range lint.Rules() {
		if r.Severity == diag.Error && !r.Floor { // the floor cannot be lowered (lint/floor)
			fmt.Fprintf(&b, "    %s: warning\n", r.ID)
		}
	}
	if err := afero.WriteFile(fsys, "p/lore.yaml", append(cfg, b.String()...), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustBuild(t *testing.T, o build.RunOptions) *build.Result {
	t.Helper()
	res, err := build.Run(o)
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed {
		t.Fatalf("the project does not build: %s\n%v", res.Lint.Diagnostics.Summary(), res.Lint.Diagnostics)
	}
	return res
}

// withoutSiblings is the output files of a folder without the compressed
// siblings: what a session that builds into a folder of its own (lore
// serve, RunOptions.Private) publishes of the same build, the server
// compressing as it serves. Compared with sameOutput, a sibling in the
// session's folder is a file "only in the second".
func withoutSiblings(files map[string][]byte) map[string][]byte {
	out := make(map[string][]byte, len(files))
	for name, b := range files {
		if !precompress.IsSibling(name) {
			out[name] = b
		}
	}
	return out
}

// sameOutput compares two output folders byte for byte, except the index
// files of the catalog, which are not deterministic (bleve's files and the
// order of its document numbers); the catalog's description, with the
// hash of its inputs, and its texts are compared.
func sameOutput(t *testing.T, what string, a, b map[string][]byte) {
	t.Helper()
	// bleve's own files are not deterministic; the catalog's others are.
	bleve := func(name string) bool {
		if search.OwnFile(strings.TrimPrefix(name, build.CatalogDir+"/")) {
			return false
		}
		return strings.HasPrefix(name, build.CatalogDir+"/")
	}
	var diffs, shown []string
	for _, m := range []map[string][]byte{a, b} {
		for name := range m {
			if bleve(name) && !catalogFile(strings.TrimPrefix(name, build.CatalogDir+"/")) {
				diffs = append(diffs, name+" is no file of a catalog")
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(a)) {
		if bleve(name) {
			continue
		}
		if w, ok := b[name]; !ok {
			diffs = append(diffs, name+" only in the first")
		} else if !bytes.Equal(a[name], w) {
			diffs = append(diffs, name+" differs")
			if len(shown) < 3 && !strings.HasPrefix(name, "search/") {
				shown = append(shown, name+": "+firstDiff(string(a[name]), string(w)))
			}
		}
	}
	defer func() {
		for _, s := range shown {
			t.Logf("%s: %s", what, s[:min(len(s), 2000)])
		}
	}()
	for name := range b {
		if _, ok := a[name]; !ok && !bleve(name) {
			diffs = append(diffs, name+" only in the second")
		}
	}
	if len(diffs) > 0 {
		slices.Sort(diffs)
		t.Errorf("%s: %d files differ: %s", what, len(diffs), strings.Join(diffs[:min(len(diffs), 12)], ", "))
	}
	if a["manifest.json"] == nil || a[build.CatalogDir+"/lore-catalog.json"] == nil {
		t.Errorf("%s: no manifest or catalog description", what)
	}
}

// TestCacheByteIdentical: a cold build (empty cache), a warm build (the
// cache and output of the cold one, nothing changed) and a build without
// the cache publish the same bytes; the warm build writes and renders
// nothing.
func TestCacheByteIdentical(t *testing.T) {
	for _, tc := range []struct {
		name string
		fs   func(t *testing.T) afero.Fs
		dir  string
	}{
		{"fixture", func(t *testing.T) afero.Fs { return fixture.Mem(t, siteFixture) }, "."},
		{"generated", func(t *testing.T) afero.Fs { return genProject(t, 150) }, "p"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := tc.fs(t)
			o := build.RunOptions{Options: build.Options{FS: fsys, Dir: tc.dir}}
			cold := mustBuild(t, o)
			coldFiles := files(t, fsys, cold.Out)
			if cold.Kept != 0 || cold.Written != len(coldFiles) {
				t.Errorf("cold build: %d written, %d kept, %d files", cold.Written, cold.Kept, len(coldFiles))
			}
			if _, err := fsys.Stat(path.Join(tc.dir, build.CacheDir, ".gitignore")); err != nil {
				t.Errorf("the cache has no .gitignore: %v", err)
			}

			warm := mustBuild(t, o)
			sameOutput(t, "cold vs warm", coldFiles, files(t, fsys, warm.Out))
			if warm.Written != 0 || warm.Bodies != 0 || warm.Pages != 0 || len(warm.Changed) != 0 {
				t.Errorf("a warm build with nothing changed wrote %d files (%v), rendered %d bodies and %d pages",
					warm.Written, warm.Changed, warm.Bodies, warm.Pages)
			}

			o.NoCache, o.Out = true, path.Join(tc.dir, "nocache")
			plain := mustBuild(t, o)
			sameOutput(t, "cold vs no cache", coldFiles, files(t, fsys, plain.Out))
		})
	}
}

// TestCacheDamaged: whatever happens to the cache, the output is the one
// of a build without it, and the damage is reported.
func TestCacheDamaged(t *testing.T) {
	damages := map[string]func(t *testing.T, fsys afero.Fs, dir string){
		"truncated packs": func(t *testing.T, fsys afero.Fs, dir string) {
			eachCacheFile(t, fsys, dir, ".pack", func(b []byte) []byte { return b[:len(b)*2/3] })
		},
		"flipped bytes": func(t *testing.T, fsys afero.Fs, dir string) {
			eachCacheFile(t, fsys, dir, "", func(b []byte) []byte {
				if len(b) > 100 {
					b[len(b)/2] ^= 0x55
				}
				return b
			})
		},
		"foreign tag": func(t *testing.T, fsys afero.Fs, dir string) {
			if err := afero.WriteFile(fsys, path.Join(dir, "lore-cache.json"), []byte(`{"schema":"other/v9"}`), 0o644); err != nil {
				t.Fatal(err)
			}
		},
		"swapped packs": func(t *testing.T, fsys afero.Fs, dir string) {
			body, _ := afero.ReadFile(fsys, path.Join(dir, "site-body.pack"))
			code, _ := afero.ReadFile(fsys, path.Join(dir, "site-code.pack"))
			afero.WriteFile(fsys, path.Join(dir, "site-body.pack"), code, 0o644)
			afero.WriteFile(fsys, path.Join(dir, "site-code.pack"), body, 0o644)
		},
	}
	fsys := fixture.Mem(t, siteFixture)
	want := files(t, fsys, mustBuild(t, build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}, NoCache: true, Out: "want"}).Out)
	for name, damage := range damages {
		t.Run(name, func(t *testing.T) {
			fsys := fixture.Mem(t, siteFixture)
			o := build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}}
			mustBuild(t, o)
			damage(t, fsys, build.CacheDir)
			if err := fsys.RemoveAll("public"); err != nil {
				t.Fatal(err)
			}
			res := mustBuild(t, o)
			sameOutput(t, "after damage", want, files(t, fsys, res.Out))
			if len(res.CacheProblems) == 0 {
				t.Error("the damage was not reported")
			}
			// And the cache works again afterwards.
			again := mustBuild(t, o)
			if again.Written != 0 || len(again.CacheProblems) != 0 {
				t.Errorf("after the repair: %d written, problems %v", again.Written, again.CacheProblems)
			}
		})
	}
}

func eachCacheFile(t *testing.T, fsys afero.Fs, dir, ext string, change func([]byte) []byte) {
	t.Helper()
	entries, err := afero.ReadDir(fsys, dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ext) || e.Name() == "lore-cache.json" || !strings.Contains(e.Name(), ".") {
			continue
		}
		if strings.HasPrefix(e.Name(), ".") || e.Name() == "CACHEDIR.TAG" {
			continue
		}
		p := path.Join(dir, e.Name())
		b, err := afero.ReadFile(fsys, p)
		if err != nil {
			t.Fatal(err)
		}
		if err := afero.WriteFile(fsys, p, change(b), 0o644); err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n == 0 {
		t.Fatalf("no cache file *%s in %s", ext, dir)
	}
}

// TestPublicEditedByHand: a file of the output changed, added or removed
// by hand is put right by the next build.
func TestPublicEditedByHand(t *testing.T) {
	fsys := fixture.Mem(t, siteFixture)
	o := build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}}
	want := files(t, fsys, mustBuild(t, o).Out)
	afero.WriteFile(fsys, "public/index.html", []byte("defaced"), 0o644)
	afero.WriteFile(fsys, "public/extra.html", []byte("stray"), 0o644)
	fsys.Remove("public/manifest.json")
	fsys.Remove("public/search/index.json")
	res := mustBuild(t, o)
	sameOutput(t, "after hand edits", want, files(t, fsys, res.Out))
	for _, p := range []string{"index.html", "extra.html", "manifest.json", "search/index.json"} {
		if !slices.Contains(res.Changed, p) {
			t.Errorf("%s was not put right (changed: %v)", p, res.Changed)
		}
	}
}

// aged sets the time of every file and folder of fsys to the past, as if
// the project had been written long before the build: a file changed just
// before a build is not trusted by the up-to-date check.
func aged(t *testing.T, fsys afero.Fs, ago time.Duration) {
	t.Helper()
	when := time.Now().Add(-ago)
	err := afero.Walk(fsys, ".", func(p string, fi fs.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return fsys.Chtimes(p, when, when)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestUpToDate: a build with nothing changed since the last good one
// returns its report and does nothing else; every kind of change makes a
// full build again, which publishes what a build from scratch publishes.
func TestUpToDate(t *testing.T) {
	fsys := fixture.Mem(t, siteFixture)
	afero.WriteFile(fsys, "notes/plan.md", []byte("# Plan\n\n## Steps\n\nOne.\n"), 0o644)
	edit(t, fsys, "manuals/processes.md", func(s string) string { return s + "\nThe [plan](../notes/plan.md#steps).\n" })
	aged(t, fsys, time.Hour)
	o := build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}}
	first := mustBuild(t, o)
	if first.UpToDate {
		t.Fatal("the first build was up to date")
	}
	second := mustBuild(t, o)
	if !second.UpToDate || second.Written != 0 || second.Manuals != first.Manuals || second.Out != first.Out {
		t.Fatalf("nothing changed, yet: up to date %v, %d written, %d manuals", second.UpToDate, second.Written, second.Manuals)
	}
	if a, b := first.Lint.Diagnostics.Summary(), second.Lint.Diagnostics.Summary(); a != b || len(first.Lint.Diagnostics) != len(second.Lint.Diagnostics) {
		t.Errorf("the report differs: %s, then %s", a, b)
	}

	changes := []struct {
		name   string
		change func()
	}{
		{"manual edited", func() {
			edit(t, fsys, "manuals/fences.md", func(s string) string { return s + "\nEdited.\n" })
		}},
		{"file added beside the manuals", func() { afero.WriteFile(fsys, "manuals/embedding/photo.png", []byte("png"), 0o644) }},
		{"image embedded by a manual changed", func() {
			afero.WriteFile(fsys, "manuals/embedding/diagram.svg", []byte("<svg xmlns='http://www.w3.org/2000/svg'/>"), 0o644)
		}},
		{"link target outside the manuals changed", func() {
			afero.WriteFile(fsys, "notes/plan.md", []byte("# Plan\n\n## Steps\n\nTwo.\n\n## More\n"), 0o644)
		}},
		{"content page edited", func() {
			edit(t, fsys, "content/getting-started.md", func(s string) string { return s + "\nMore.\n" })
		}},
		{"theme file added", func() {
			afero.WriteFile(fsys, "theme/layouts/partials/footer.html", []byte(`{{define "footer"}}<footer>ours</footer>{{end}}`), 0o644)
		}},
		{"project file edited", func() {
			edit(t, fsys, "lore.yaml", func(s string) string { return s + "\n# a comment\n" })
		}},
		{"manual removed", func() { fsys.Remove("manuals/fences.md") }},
		{"output file removed", func() { fsys.Remove("public/lint.html") }},
	}
	for i, c := range changes {
		c.change()
		aged(t, fsys, time.Duration(50-i)*time.Minute) // a time the last build did not see
		res := mustBuild(t, o)
		if res.UpToDate {
			t.Errorf("%s: the build was up to date", c.name)
			continue
		}
		plain := mustBuild(t, build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}, NoCache: true, Out: fmt.Sprintf("fresh-%d", i)})
		fsys.RemoveAll(plain.Out)
		plain = mustBuild(t, build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}, NoCache: true, Out: fmt.Sprintf("fresh-%d", i)})
		sameOutput(t, c.name, files(t, fsys, plain.Out), files(t, fsys, res.Out))
		fsys.RemoveAll(plain.Out)
		if again := mustBuild(t, o); !again.UpToDate {
			t.Errorf("%s: the build after it was not up to date", c.name)
		}
	}

	// Files touched (a new time, the same bytes) change nothing.
	when := time.Now().Add(-10 * time.Minute)
	for _, f := range []string{"manuals/processes.md", "lore.yaml", "content/getting-started.md"} {
		fsys.Chtimes(f, when, when)
	}
	if res := mustBuild(t, o); !res.UpToDate {
		t.Error("touched files made a build that was not up to date")
	}

	// A file changed just before a build may change again within the
	// same tick of the file system's clock, keeping its size and time:
	// the next build reads it again and sees the change.
	const file = "manuals/processes.md"
	edit(t, fsys, file, func(s string) string { return s + "\nJust now.\n" })
	fi, _ := fsys.Stat(file)
	mustBuild(t, o)
	edit(t, fsys, file, func(s string) string { return strings.Replace(s, "Just now.", "Just new.", 1) })
	fsys.Chtimes(file, fi.ModTime(), fi.ModTime())
	res := mustBuild(t, o)
	if res.UpToDate {
		t.Fatal("a build trusted a file changed in the same tick as the last build read it")
	}
	if page, _ := afero.ReadFile(fsys, "public/manuals/processes.html"); !strings.Contains(string(page), "Just new.") {
		t.Error("the change made in the same tick was not published")
	}
}

// TestUpToDateSeesVocabulary: the vocabulary files lore.yaml names are
// inputs of the build; an edit of one alone (every other file as the last
// build saw it) makes the next build a full one.
func TestUpToDateSeesVocabulary(t *testing.T) {
	fsys := fixture.Mem(t, siteFixture)
	afero.WriteFile(fsys, "words.txt", []byte("Schiffstagebuch: logbook\n"), 0o644)
	edit(t, fsys, "lore.yaml", func(s string) string { return s + "\nvocabulary: [words.txt]\n" })
	aged(t, fsys, time.Hour)
	o := build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}}
	mustBuild(t, o)
	if res := mustBuild(t, o); !res.UpToDate {
		t.Fatal("nothing changed, yet the build was not up to date")
	}
	edit(t, fsys, "words.txt", func(s string) string { return s + "Abrechnung: billing\n" })
	when := time.Now().Add(-30 * time.Minute)
	if err := fsys.Chtimes("words.txt", when, when); err != nil {
		t.Fatal(err)
	}
	if res := mustBuild(t, o); res.UpToDate {
		t.Error("the vocabulary file changed, yet the build was up to date")
	}
}

// TestFailedBuildKeepsBodies: a build that lint stops still uses the
// cached bodies of the pages it would have written, so the build after the
// fix renders only what the fix changed.
func TestFailedBuildKeepsBodies(t *testing.T) {
	fsys := genProject(t, 40)
	edit(t, fsys, "p/lore.yaml", func(s string) string {
		return strings.Replace(s, "ref/duplicate: warning", "ref/duplicate: error", 1)
	})
	o := build.RunOptions{Options: build.Options{FS: fsys, Dir: "p"}}
	mustBuild(t, o)
	var m *manual.Manual
	for _, x := range manualsOf(t, fsys) {
		if !x.IsSkillEntry() && x.Owner == nil && (m == nil || x.Path < m.Path) {
			m = x
		}
	}
	src, err := afero.ReadFile(fsys, m.Path)
	if err != nil {
		t.Fatal(err)
	}
	copyPath := strings.TrimSuffix(m.Path, ".md") + "-copy.md"
	if err := afero.WriteFile(fsys, copyPath, src, 0o644); err != nil { // ref/duplicate: an error
		t.Fatal(err)
	}
	if res, err := build.Run(o); err != nil || !res.Failed {
		t.Fatalf("a duplicate manual built: %v", err)
	}
	if err := fsys.Remove(copyPath); err != nil {
		t.Fatal(err)
	}
	edit(t, fsys, m.Path, func(s string) string { return s + "\nOne more sentence.\n" })
	res := mustBuild(t, o)
	if res.Bodies != 1 {
		t.Errorf("the build after a failed one rendered %d bodies, want 1 (the edited manual's)", res.Bodies)
	}
}

// catalogFile reports whether name, a path inside a catalog's folder, is
// one a catalog has: bleve names its segments by number, so only the
// names' form is the same in two catalogs of the same inputs.
func catalogFile(name string) bool {
	if slices.Contains(search.Files(), name) || search.OwnFile(name) {
		return true
	}
	seg, ok := strings.CutPrefix(name, "store/")
	if !ok {
		return false
	}
	if seg == "root.bolt" {
		return true
	}
	num, ok := strings.CutSuffix(seg, ".zap")
	return ok && num != "" && strings.Trim(num, "0123456789abcdef") == ""
}
