package site

import (
	"maps"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/diag"
)

// findingsInput is neighbourInput with findings on a and b; aMessage is
// a's.
func findingsInput(aMessage string) *Input {
	in := neighbourInput("Ays.", "Alpha.")
	in.Diagnostics = diag.List{
		{Pos: diag.Pos{File: "manuals/x/a.md", Line: 5, Col: 1}, Severity: diag.Warning, Rule: "size/goal", Message: aMessage},
		{Pos: diag.Pos{File: "manuals/x/b.md", Line: 6, Col: 2}, Severity: diag.Info, Rule: "header/missing", Message: "Bees <b>."},
	}
	in.Files = 3
	return in
}

// TestFragmentsFollowFindings renders the lint report of a session
// (Input.Fragments) before and after a's finding changes: each rendering
// equals one from scratch, and the second takes b's table from the first
// instead of making it again.
func TestFragmentsFollowFindings(t *testing.T) {
	c := cache.Open(afero.NewMemMapFs(), "cache", "test", "")
	out := afero.NewMemMapFs()
	o := newKeyedOutput(out)
	frags := NewFragments()
	render := func(msg string) (lint string, kept map[cache.Key]string) {
		t.Helper()
		in := findingsInput(msg)
		in.Fragments = frags
		renderSite(t, in, c, o)
		want := snapshot(t, renderFresh(t, findingsInput(msg)))
		got := snapshot(t, out)
		if !maps.Equal(got, want) {
			for p := range want {
				if got[p] != want[p] {
					t.Errorf("%s differs from a rendering from scratch", p)
				}
			}
			t.Fatalf("%d files, from scratch %d", len(got), len(want))
		}
		kept = map[cache.Key]string{}
		for k, v := range frags.last {
			kept[k] = string(v)
		}
		return got[lintURL], kept
	}
	lint1, first := render("120 lines, over the 100-line goal")
	if !strings.Contains(lint1, "120 lines") || !strings.Contains(lint1, "Bees &lt;b&gt;.") {
		t.Fatalf("the lint report lacks the findings:\n%s", lint1)
	}
	if len(first) == 0 {
		t.Fatal("the session kept no fragment")
	}
	lint2, second := render("121 lines, over the 100-line goal")
	if !strings.Contains(lint2, "121 lines") || strings.Contains(lint2, "120 lines") {
		t.Fatalf("the lint report does not show a's new finding:\n%s", lint2)
	}
	var same, changed int
	for k, v := range second {
		if first[k] == v {
			same++
		}
		if strings.Contains(v, "121 lines") {
			changed++
		}
	}
	if same == 0 || changed == 0 {
		t.Errorf("after a's finding changed: %d fragments taken from the last rendering, %d made anew; want both", same, changed)
	}
	for k, v := range first {
		if strings.Contains(v, "120 lines") {
			if _, ok := second[k]; ok {
				t.Error("the fragment of a's old finding is still kept")
			}
		}
	}
}
