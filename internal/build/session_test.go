package build_test

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/fixture"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/precompress"
	"github.com/lorekit/lore/internal/search"
)

// sessionProject starts a session on a generated project in memory and
// builds it once.
func sessionProject(t *testing.T, n int) (afero.Fs, *build.Session, *build.Result) {
	return startSession(t, n, build.RunOptions{})
}

// startSession starts a session with o on a generated project of n
// manuals in memory (o's project is that one) and builds it once.
func startSession(t *testing.T, n int, o build.RunOptions) (afero.Fs, *build.Session, *build.Result) {
	t.Helper()
	fsys := genProject(t, n)
	o.Options = build.Options{FS: fsys, Dir: "p"}
	s := build.NewSession(o)
	t.Cleanup(func() { s.Close() })
	res, err := s.Build()
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed {
		t.Fatalf("the project does not build: %s", res.Lint.Diagnostics.Summary())
	}
	return fsys, s, res
}

// manualsOf lists the manuals of the project on fsys, parsed.
func manualsOf(t *testing.T, fsys afero.Fs) []*manual.Manual {
	t.Helper()
	return manual.Load(fsys, []string{"p/manuals"}).Manuals
}

// edit rewrites the file at p with change applied.
func edit(t *testing.T, fsys afero.Fs, p string, change func(string) string) {
	t.Helper()
	b, err := afero.ReadFile(fsys, p)
	if err != nil {
		t.Fatal(err)
	}
	if err := afero.WriteFile(fsys, p, []byte(change(string(b))), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSessionEdits: after every kind of change, an incremental build of a
// session publishes exactly what a build from scratch (without the cache)
// publishes.
func TestSessionEdits(t *testing.T) {
	fsys, s, _ := sessionProject(t, 120)
	ms := manualsOf(t, fsys)
	// Manuals with a reference to another manual, and one that is read by
	// others.
	var reader, target *manual.Manual
	for _, m := range ms {
		for _, r := range m.Refs {
			if r.Kind == manual.RefManual && reader == nil && len(m.Sections) > 1 {
				if ts := manual.NewSet(ms).ByName(r.Target); len(ts) > 0 {
					reader, target = m, ts[0]
				}
			}
		}
	}
	if reader == nil {
		t.Fatal("the generated project has no manual_read between manuals")
	}
	plain := ms[len(ms)/2]
	steps := []struct {
		name   string
		change func()
	}{
		{"body edited", func() {
			edit(t, fsys, plain.Path, func(s string) string { return s + "\nOne more paragraph, edited.\n" })
		}},
		{"reference added", func() {
			edit(t, fsys, plain.Path, func(s string) string { return s + "\nSee `manual_read('" + target.Name + "')`.\n" })
		}},
		{"heading renamed", func() {
			edit(t, fsys, target.Path, func(s string) string {
				h := target.Sections[len(target.Sections)-1]
				return strings.Replace(s, "# "+h.Title+"\n", "# "+h.Title+" renamed\n", 1)
			})
		}},
		{"summary changed", func() {
			edit(t, fsys, reader.Path, func(s string) string {
				return strings.Replace(s, "summary: ", "summary: Changed. ", 1)
			})
		}},
		{"manual added", func() {
			p := path.Join(path.Dir(plain.Path), "added-later.md")
			afero.WriteFile(fsys, p, []byte("---\ntriggers: later, später\nsummary: Added while serving.\n---\n# Added later\n\nRead `manual_read('"+target.Name+"')`.\n"), 0o644)
		}},
		{"image added", func() {
			dir := path.Dir(plain.Path)
			afero.WriteFile(fsys, path.Join(dir, "shot.png"), []byte("\x89PNG\r\n\x1a\nnot really"), 0o644)
			edit(t, fsys, plain.Path, func(s string) string { return s + "\n![A shot](shot.png)\n" })
		}},
		{"image changed", func() {
			p := path.Join(path.Dir(plain.Path), "shot.png")
			afero.WriteFile(fsys, p, []byte("\x89PNG\r\n\x1a\nanother picture"), 0o644)
		}},
		{"manual read by others removed", func() {
			fsys.Remove(target.Path)
		}},
		{"content page added", func() {
			afero.WriteFile(fsys, "p/content/extra.md", []byte("---\ntitle: Extra\n---\n# Extra\n\nSee `manual_read('"+plain.Name+"')`.\n"), 0o644)
		}},
		{"theme overridden", func() {
			afero.WriteFile(fsys, "p/theme/layouts/partials/footer.html", []byte(`{{define "footer"}}<footer><p>Our footer</p></footer>{{end}}`), 0o644)
		}},
		{"project file edited", func() {
			edit(t, fsys, "p/lore.yaml", func(s string) string {
				i := strings.Index(s, "title:")
				return s[:i] + "title: Renamed project\n" + s[i+strings.Index(s[i:], "\n")+1:]
			})
		}},
		{"nothing changed", func() {}},
	}
	for i, st := range steps {
		st.change()
		res, err := s.Build()
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if res.Failed {
			t.Fatalf("%s: the build failed: %s", st.name, res.Lint.Diagnostics.Summary())
		}
		t.Logf("%s: %d written, %d kept, %d bodies, %d pages %v", st.name, res.Written, res.Kept, res.Bodies, res.Pages, res.Changed[:min(len(res.Changed), 8)])
		plain := mustBuild(t, build.RunOptions{Options: build.Options{FS: fsys, Dir: "p"}, NoCache: true, Out: fmt.Sprintf("p/fresh-%d", i)})
		sameOutput(t, st.name, files(t, fsys, plain.Out), files(t, fsys, res.Out))
	}
}

// TestEditRendersOnlyWhatItMust: an edit to one manual's text re-renders
// that manual alone and rewrites its page, its published source, the
// manifest and the search index files that hold it; a new reference also re-renders the page of
// the manual read and the reference graph.
func TestEditRendersOnlyWhatItMust(t *testing.T) {
	fsys, s, first := sessionProject(t, 120)
	ms := manualsOf(t, fsys)
	var m, other *manual.Manual
	for _, x := range ms {
		if x.IsSkillEntry() || x.Owner != nil || len(x.Refs) == 0 {
			continue
		}
		if m == nil {
			m = x
		} else if other == nil && x.Name != m.Name && len(manual.NewSet(ms).ByName(x.Name)) == 1 {
			other = x
		}
	}
	page := func(x *manual.Manual) string { return "manuals/" + x.Name + ".html" }
	if !slices.Contains(keysOf(files(t, fsys, first.Out)), page(m)) {
		t.Fatalf("no page %s", page(m))
	}

	edit(t, fsys, m.Path, func(s string) string { return strings.Replace(s, "\n\n", "\n\nAn edited sentence. ", 1) })
	res, err := s.Build()
	if err != nil || res.Failed {
		t.Fatalf("%v %v", err, res != nil && res.Failed)
	}
	if res.Bodies != 1 || res.Pages != 1 {
		t.Errorf("an edit to one manual rendered %d bodies and %d pages, want 1 and 1", res.Bodies, res.Pages)
	}
	for _, c := range res.Changed {
		if precompress.IsSibling(c) {
			c = c[:len(c)-3] // a .br or .gz copy changes with its file
		}
		if c != page(m) && c != build.SourcePath(strings.TrimPrefix(m.Path, "p/")) && c != "manifest.json" && !strings.HasPrefix(c, "search/") && !strings.HasPrefix(c, build.CatalogDir+"/") {
			t.Errorf("the edit rewrote %s", c)
		}
	}
	for _, want := range []string{page(m), build.SourcePath(strings.TrimPrefix(m.Path, "p/")), "manifest.json", "search/index.json"} {
		if !slices.Contains(res.Changed, want) {
			t.Errorf("the edit did not rewrite %s (changed: %v)", want, res.Changed)
		}
	}

	edit(t, fsys, m.Path, func(s string) string { return s + "\nNext: `manual_read('" + other.Name + "')`.\n" })
	res, err = s.Build()
	if err != nil || res.Failed {
		t.Fatalf("%v %v", err, res != nil && res.Failed)
	}
	if res.Bodies != 1 {
		t.Errorf("a new reference rendered %d bodies, want 1", res.Bodies)
	}
	for _, want := range []string{page(m), page(other), "graph.html"} {
		if !slices.Contains(res.Changed, want) {
			t.Errorf("a new reference to %s did not rewrite %s (changed: %v)", other.Name, want, res.Changed)
		}
	}
	if res.Pages > 4 {
		t.Errorf("a new reference rendered %d pages (changed: %v)", res.Pages, res.Changed)
	}
}

func keysOf(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestSessionFailedBuild: a session's build that lint stops leaves the
// last good output as it was, and the build after the fix publishes what a
// build from scratch publishes.
func TestSessionFailedBuild(t *testing.T) {
	fsys := fixture.Mem(t, siteFixture)
	s := build.NewSession(build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}})
	defer s.Close()
	first, err := s.Build()
	if err != nil || first.Failed {
		t.Fatalf("%v %v", err, first != nil && first.Failed)
	}
	const file = "manuals/embedding/images.md"
	good := files(t, fsys, first.Out)
	// An error only the whole project shows (two manuals with one body),
	// then one of the manual itself.
	src, _ := afero.ReadFile(fsys, file)
	other, _ := afero.ReadFile(fsys, "manuals/embedding/fences.md")
	const goodLine, badLine = "triggers: image, photo, screenshot, Bild, Foto\n", "triggers: [image, photo]\n"
	for _, broken := range [][]byte{other, []byte(strings.Replace(string(src), goodLine, badLine, 1))} {
		if err := afero.WriteFile(fsys, file, broken, 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := s.Build()
		if err != nil || !res.Failed {
			t.Fatalf("a broken manual built: %v", err)
		}
		sameOutput(t, "after a failed build", good, files(t, fsys, first.Out))
	}
	edit(t, fsys, file, func(string) string {
		return strings.Replace(string(src), "The chat renders Markdown images.", "The chat renders Markdown images, quickly.", 1)
	})
	res, err := s.Build()
	if err != nil || res.Failed {
		t.Fatalf("%v %v", err, res != nil && res.Failed)
	}
	plain := mustBuild(t, build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}, NoCache: true, Out: "fresh"})
	sameOutput(t, "after the fix", files(t, fsys, plain.Out), files(t, fsys, res.Out))
}

// TestSessionUpdatesCatalog: a session updates its catalog after edits
// (search.Writer) rather than building it anew; what it publishes is what
// a build from scratch of the same project publishes (the catalog's
// description and content byte for byte; bleve's own files differ by
// nature). The build from scratch runs on a copy of the project, so it
// cannot take the session's catalog over.
func TestSessionUpdatesCatalog(t *testing.T) {
	fsys, s, _ := sessionProject(t, 80)
	ms := manualsOf(t, fsys)
	a, b := ms[len(ms)/3], ms[2*len(ms)/3]
	steps := []func(){
		func() {
			edit(t, fsys, a.Path, func(s string) string { return s + "\n## Glockenspiel calibration\n\nTune every bar.\n" })
		},
		func() { fsys.Remove(b.Path) },
		func() {
			p := path.Join(path.Dir(a.Path), "harbour-tides.md")
			afero.WriteFile(fsys, p, []byte("---\ntriggers: tide table\nsummary: Read tide tables.\n---\n# Tides\n\nHigh and low water.\n"), 0o644)
		},
	}
	for i, change := range steps {
		change()
		res, err := s.Build()
		if err != nil {
			t.Fatal(err)
		}
		copied := afero.NewMemMapFs()
		for name, data := range files(t, fsys, "p") {
			if !strings.HasPrefix(name, "public/") && !strings.HasPrefix(name, build.CacheDir+"/") {
				if err := afero.WriteFile(copied, "p/"+name, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		fresh := mustBuild(t, build.RunOptions{Options: build.Options{FS: copied, Dir: "p"}, NoCache: true})
		got, want := files(t, fsys, res.Out), files(t, copied, fresh.Out)
		own := 0
		for p := range want {
			if rel, ok := strings.CutPrefix(p, build.CatalogDir+"/"); ok && search.OwnFile(rel) {
				own++
				if !bytes.Equal(got[p], want[p]) {
					t.Errorf("step %d: the session's %s differs from a fresh build's", i+1, rel)
				}
			}
		}
		if own < 3 {
			t.Errorf("step %d: a fresh build's catalog has %d of lore's own files", i+1, own)
		}
		sameOutput(t, fmt.Sprintf("step %d", i+1), want, got)
	}
}
