package site

import (
	"strings"
	"testing"

	"github.com/spf13/afero"
)

func TestLoadContent(t *testing.T) {
	fs := afero.NewMemMapFs()
	write := func(p, s string) { _ = afero.WriteFile(fs, p, []byte(s), 0o644) }
	write("content/b.md", "---\ntitle: Bee\nweight: 20\n---\nBody\n")
	write("content/a.md", "---\ntitle: Ay\nweight: 30\n---\n")
	write("content/untitled.md", "# From the heading\n\ntext\n")
	write("content/ref/index.md", "---\ntitle: Reference\nweight: 5\n---\n")
	write("content/ref/cli.md", "---\ntitle: CLI\nweight: 1\n---\n")
	write("content/notes.txt", "not a page")
	docs, err := loadContent(fs, "content")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range docs {
		got = append(got, d.Title+"="+d.URL)
	}
	want := "From the heading=docs/untitled.html CLI=docs/ref/cli.html Reference=docs/ref/index.html Bee=docs/b.html Ay=docs/a.html"
	if strings.Join(got, " ") != want {
		t.Errorf("docs:\n%s\nwant\n%s", strings.Join(got, " "), want)
	}
	nav := docNav(docs)
	var titles []string
	for _, n := range nav {
		titles = append(titles, n.Title)
	}
	// The Reference group takes its index page's weight (5) and title.
	if strings.Join(titles, ",") != "From the heading,Reference,Bee,Ay" || len(nav[1].Children) != 1 || nav[1].URL != "docs/ref/index.html" {
		t.Errorf("nav: %+v", nav)
	}

	write("content/bad.md", "---\ntitle: [unclosed\n---\n")
	_, err = loadContent(fs, "content")
	if err == nil || !strings.Contains(err.Error(), "content/bad.md:2: invalid front matter") {
		t.Errorf("want an error naming content/bad.md and line 2, got %v", err)
	}

	write("content/bad.md", "---\ntitle: Never closed\n\n# Body\n")
	_, err = loadContent(fs, "content")
	if err == nil || !strings.Contains(err.Error(), "content/bad.md:1: the front matter opened here is not closed") {
		t.Errorf("want an error for front matter that is not closed, got %v", err)
	}
}

func TestLoadContentMissing(t *testing.T) {
	docs, err := loadContent(afero.NewMemMapFs(), "content")
	if err != nil || docs != nil {
		t.Fatalf("a missing content folder: %v, %v", docs, err)
	}
}

func TestGauge(t *testing.T) {
	for _, c := range []struct {
		lines int
		level string
	}{{0, "ok"}, {100, "ok"}, {101, "goal"}, {150, "goal"}, {151, "split"}, {200, "split"}, {201, "limit"}, {5000, "limit"}} {
		g := newGauge(c.lines)
		if g.Level != c.level {
			t.Errorf("%d lines: %s, want %s", c.lines, g.Level, c.level)
		}
		if g.Goal >= g.Split || g.Split >= g.Limit || g.Limit >= gaugeWidth || g.Marker > gaugeWidth-6 || g.Marker < 0 {
			t.Errorf("%d lines: ticks %d %d %d, marker %d", c.lines, g.Goal, g.Split, g.Limit, g.Marker)
		}
		if g.Goal+g.GoalW != g.Split || g.Split+g.SplitW != g.Limit || g.Limit+g.LimitW != gaugeWidth {
			t.Errorf("%d lines: zones do not tile the gauge", c.lines)
		}
	}
}
