package site

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/theme"
)

// neighbourInput is three manuals of one folder: b reads a
// (manual_read), c links to b (a Markdown link); each page shows its
// neighbours' names and summaries (pager, neighbourhood, readers).
func neighbourInput(aSummary, aBody string) *Input {
	src := map[string]string{
		"manuals/x/a.md": "---\ntriggers: alpha\nsummary: " + aSummary + "\n---\n# A\n\n" + aBody + "\n",
		"manuals/x/b.md": "---\ntriggers: beta\nsummary: Bees.\n---\n# B\n\nFirst `manual_read('a')`.\n",
		"manuals/x/c.md": "---\ntriggers: gamma\nsummary: Cees.\n---\n# C\n\nSee [b](b.md).\n",
	}
	in := &Input{Title: "Neighbours", Rules: ruleReference(), FS: afero.NewMemMapFs(), Theme: theme.Default()}
	for _, p := range slices.Sorted(func(yield func(string) bool) {
		for p := range src {
			if !yield(p) {
				return
			}
		}
	}) {
		m := manual.Parse(p, []byte(src[p]))
		v := &Manual{M: m, Path: p, URL: ManualURL(m.Name, 0), Tokens: len(src[p]) / 4, SHA256: cache.Of(m.Src).String()}
		for _, r := range m.Refs {
			if r.Kind == manual.RefManual {
				v.References = append(v.References, r.Target)
			}
		}
		in.Manuals = append(in.Manuals, v)
	}
	in.Manuals[0].ReferencedBy = []string{"b"}
	return in
}

// keyedRun is a rendering of in up to its pages' input keys (what Write
// computes before its pages).
func keyedRun(t *testing.T, in *Input, c *cache.Cache, o Output) *run {
	t.Helper()
	s := bodied(t, in, c, o)
	s.r.setDiagnostics()
	s.r.siteKey = s.r.computeSiteKey()
	s.r.face = s.r.faceKey()
	return s.r
}

// TestPageKeysFollowOtherManuals renders a site, then edits of it, with
// the page keys of a session (Input.PageKeys), the same cache and the same
// output: every rendering equals one from scratch. The memo is written and
// read back after each rendering (AppendBinary, ReadPageKeys), as single
// builds keep it in the build cache. A summary edit reaches
// the pages that show the summary; a body edit keeps the other manual
// pages without building their views (the memo answers their keys).
func TestPageKeysFollowOtherManuals(t *testing.T) {
	c := cache.Open(afero.NewMemMapFs(), "cache", "test", "")
	out := afero.NewMemMapFs()
	o := newKeyedOutput(out)
	keys := NewPageKeys()
	render := func(in *Input) Stats {
		t.Helper()
		in.PageKeys = keys
		st := renderSite(t, in, c, o)
		b := keys.AppendBinary(nil)
		read, ok := ReadPageKeys(b)
		if !ok || !maps.Equal(read.last, keys.last) {
			t.Fatalf("the memo read back differs (%v)", ok)
		}
		for n := range len(b) {
			if _, ok := ReadPageKeys(b[:n]); ok {
				t.Fatalf("the first %d of %d bytes of the memo read as one", n, len(b))
			}
		}
		keys = read
		return st
	}
	same := func(step string, in *Input) map[string]string {
		t.Helper()
		want := snapshot(t, renderFresh(t, in))
		got := snapshot(t, out)
		for p, b := range want {
			if got[p] != b {
				t.Errorf("%s: %s differs from a rendering from scratch", step, p)
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d files, from scratch %d", step, len(got), len(want))
		}
		return got
	}
	render(neighbourInput("Ays.", "Alpha."))
	same("first", neighbourInput("Ays.", "Alpha."))
	if len(keys.last) != 4 {
		t.Fatalf("the memo kept %d pages, want 4 (3 manual pages and the graph)", len(keys.last))
	}

	// A summary of a: b's page shows it (b reads a), so does a's own.
	render(neighbourInput("Renamed summary.", "Alpha."))
	files := same("summary of a", neighbourInput("Renamed summary.", "Alpha."))
	if !strings.Contains(files["manuals/b.html"], "Renamed summary.") {
		t.Error("b's page does not show a's new summary")
	}

	// A body edit of a: the pages of b and c are taken by their
	// remembered keys, only a's manual page is rendered.
	hits := 0
	in := neighbourInput("Renamed summary.", "Alpha, edited.")
	in.PageKeys = keys
	r := keyedRun(t, in, c, o)
	for _, p := range r.pages() {
		if k, ok := r.pageInKey(p); ok && p.Kind == "manual" {
			if _, ok := keys.get(p.Path, k); ok {
				hits++
			}
		}
	}
	if hits != 2 {
		t.Errorf("%d manual pages known by their inputs after a body edit, want 2 (b, c)", hits)
	}
	st := render(neighbourInput("Renamed summary.", "Alpha, edited."))
	same("body of a", neighbourInput("Renamed summary.", "Alpha, edited."))
	if st.Pages == 0 {
		t.Error("the body edit rendered no page")
	}
}

// TestGraphPageKeyFollowsItsInputs renders the reference graph of a
// session (Input.PageKeys) after edits: every rendering equals one from
// scratch; a body edit leaves the graph known by its inputs (its view
// neither built nor hashed), an error on a manual and a new reference
// do not.
func TestGraphPageKeyFollowsItsInputs(t *testing.T) {
	c := cache.Open(afero.NewMemMapFs(), "cache", "test", "")
	out := afero.NewMemMapFs()
	o := newKeyedOutput(out)
	keys := NewPageKeys()
	graphKnown := func(in *Input) bool {
		t.Helper()
		in.PageKeys = keys
		r := keyedRun(t, in, c, o)
		for _, p := range r.pages() {
			if p.Path == graphURL {
				k, ok := r.pageInKey(p)
				if !ok {
					t.Fatal("the graph page has no input key")
				}
				_, known := keys.get(p.Path, k)
				return known
			}
		}
		t.Fatal("no graph page")
		return false
	}
	render := func(step string, in func() *Input) string {
		t.Helper()
		x := in()
		x.PageKeys = keys
		renderSite(t, x, c, o)
		want := snapshot(t, renderFresh(t, in()))
		got := snapshot(t, out)
		if got[graphURL] != want[graphURL] {
			t.Fatalf("%s: the graph page differs from a rendering from scratch", step)
		}
		return got[graphURL]
	}
	first := render("first", func() *Input { return neighbourInput("Ays.", "Alpha.") })

	if !graphKnown(neighbourInput("Ays.", "Alpha, edited.")) {
		t.Error("after a body edit the graph page is not known by its inputs")
	}
	render("body of a", func() *Input { return neighbourInput("Ays.", "Alpha, edited.") })

	withError := func() *Input {
		in := neighbourInput("Ays.", "Alpha, edited.")
		in.Diagnostics = diag.List{{Pos: diag.Pos{File: "manuals/x/c.md", Line: 1, Col: 1}, Severity: diag.Error, Rule: "ref/broken-link", Message: "broken"}}
		return in
	}
	if graphKnown(withError()) {
		t.Error("an error on c leaves the graph page known by its inputs")
	}
	if g := render("error on c", withError); g == first {
		t.Error("the graph page does not show c's error")
	}

	reads := func() *Input { return neighbourInput("Ays.", "Alpha, and `manual_read('c')`.") }
	if graphKnown(reads()) {
		t.Error("a new reference leaves the graph page known by its inputs")
	}
	render("a reads c", reads)
}
