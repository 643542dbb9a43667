package lint

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/fixture"
	"github.com/lorekit/lore/internal/manual"
)

// Links into a file outside the manual set read and parse it once per
// manual, not once per link; every broken anchor is still reported.
func TestLinksIntoOneFileReadItOnce(t *testing.T) {
	fs := &fixture.Counting{Fs: afero.NewMemMapFs()}
	if err := afero.WriteFile(fs.Fs, "content/ext.md", []byte("# Ext\n\n## Setup\n\nText.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("---\ntriggers: a, b\nsummary: S.\n---\n# T\n\n")
	for i := range 300 {
		fmt.Fprintf(&b, "[x](../content/ext.md#nope%d) [y](../content/ext.md#setup)\n", i)
	}
	m := manual.Parse("manuals/a.md", []byte(b.String()))
	in := &Input{Config: config.Default("."), FS: fs, Manuals: manual.NewSet([]*manual.Manual{m})}
	n := 0
	for _, d := range Run(in) {
		if d.Rule == refBrokenLink.ID {
			n++
		}
	}
	if n != 300 {
		t.Errorf("%d broken anchors reported, want 300", n)
	}
	if got := fs.Opens(); got > 2 {
		t.Errorf("the linked file was opened %d times for 600 links, want once", got)
	}
}

// htmlAnchors finds exactly the anchors for which the body holds
// id="anchor" or name="anchor" (what a substring search of each finds).
func TestHTMLAnchorsIsSubstringSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	parts := []string{`id="`, `name="`, `"`, "a", "b", "ab", " ", `data-id="`, "<a ", ">", "\n"}
	for range 3000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		body := b.String()
		got := htmlAnchors([]byte(body))
		for _, a := range []string{"", "a", "b", "ab", "a b", " ", "id=", `a"`} {
			want := strings.Contains(body, `id="`+a+`"`) || strings.Contains(body, `name="`+a+`"`)
			if got[a] != want && !strings.Contains(a, `"`) {
				t.Fatalf("body %q: anchor %q found %v, substring search says %v", body, a, got[a], want)
			}
		}
	}
}

// tocLines and spans.holds answer as a search of every table-of-contents
// section does, for nested, overlapping and adjacent sections.
func TestSpansHoldIsSectionSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		var secs, tocs []manual.Section
		line := 1
		for range r.IntN(10) {
			line += r.IntN(4)
			s := manual.Section{Title: []string{"Contents", "Setup"}[r.IntN(2)], Line: line, EndLine: line + r.IntN(6)}
			secs = append(secs, s)
			if s.Title == "Contents" {
				tocs = append(tocs, s)
			}
		}
		sp := tocLines(&manual.Manual{Sections: secs})
		for l := 0; l < line+8; l++ {
			want := slices.ContainsFunc(tocs, func(s manual.Section) bool { return l >= s.Line && l <= s.EndLine })
			if sp.holds(l) != want {
				t.Fatalf("sections %v: line %d in a table of contents: %v, want %v", secs, l, sp.holds(l), want)
			}
		}
	}
}

// A manual of thousands of unknown names among thousands of manuals gets
// "did you mean" for its first findings only: the comparisons stay within
// maxSuggestWork, and every finding is still reported.
func TestSuggestionsAreBounded(t *testing.T) {
	var ms []*manual.Manual
	for i := range 2000 {
		ms = append(ms, manual.Parse(fmt.Sprintf("manuals/m%d.md", i), []byte("---\ntriggers: a, b\nsummary: S.\n---\n# M\n")))
	}
	var b strings.Builder
	b.WriteString("---\ntriggers: a, b\nsummary: S.\n---\n# T\n\n")
	for i := range 1000 {
		fmt.Fprintf(&b, "Call `manual_read('m%dx')`.\n", i)
	}
	ms = append(ms, manual.Parse("manuals/a.md", []byte(b.String())))
	in := &Input{Config: config.Default("."), Manuals: manual.NewSet(ms)}
	var found, suggested int
	for _, d := range Run(in) {
		if d.Rule == refUnknownManual.ID && d.Pos.File == "manuals/a.md" {
			found++
			if strings.Contains(d.Message, "did you mean") {
				suggested++
			}
		}
	}
	want := maxSuggestWork / len(ms)
	if found != 1000 || suggested == 0 || suggested > want {
		t.Errorf("%d findings, %d with a suggestion; want 1000, with at most %d suggestions", found, suggested, want)
	}
}

// A link into a file larger than a manual may be is not followed into
// it: the file is neither read whole nor parsed (a committed file of
// hundreds of megabytes would be, for one link), while a link into a
// file of ordinary size is still checked.
func TestLinkIntoHugeFileIsNotRead(t *testing.T) {
	fs := afero.NewMemMapFs()
	huge := append([]byte("# Huge\n\n"), strings.Repeat("|x", manual.MaxFileSize/2+1)...)
	if err := afero.WriteFile(fs, "content/huge.md", huge, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := afero.WriteFile(fs, "content/small.md", []byte("# Small\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := "---\ntriggers: a, b\nsummary: S.\n---\n# T\n\n[x](../content/huge.md#nope) [y](../content/small.md#nope)\n"
	m := manual.Parse("manuals/a.md", []byte(src))
	in := &Input{Config: config.Default("."), FS: fs, Manuals: manual.NewSet([]*manual.Manual{m})}
	var got []string
	for _, d := range Run(in) {
		if d.Rule == refBrokenLink.ID {
			got = append(got, d.Message)
		}
	}
	if len(got) != 1 || !strings.Contains(got[0], "small.md") {
		t.Errorf("broken-link findings %q, want one, for small.md's anchor", got)
	}
}
