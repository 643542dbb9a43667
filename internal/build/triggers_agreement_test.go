package build_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/search"
)

// The lint rule triggers/overlap and the confused pairs of `lore eval`
// agree: two manuals whose triggers differ only in inflection and umlaut
// spelling are flagged by the rule, confused by the router, and reported by
// eval as sharing those triggers; a manual with triggers of its own is
// neither flagged nor confused.
func TestTriggerOverlapAgreesWithEval(t *testing.T) {
	fs := afero.NewMemMapFs()
	for p, s := range map[string]string{
		"proj/manuals/charts.md": "---\ntriggers: bar charts, line chart, Diagramme, Schlüssel\nsummary: Charts inline.\n---\n# Charts\n\nText.\n",
		"proj/manuals/plots.md":  "---\ntriggers: bar chart, line charts, Diagramm, Schluessel, plot\nsummary: Plots inline.\n---\n# Plots\n\nText.\n",
		"proj/manuals/images.md": "---\ntriggers: image, picture, Bild\nsummary: Pictures in a reply.\n---\n# Images\n\nText.\n",
	} {
		if err := afero.WriteFile(fs, p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p, err := build.Load(build.Options{FS: fs, Dir: "proj"})
	if err != nil {
		t.Fatal(err)
	}
	var flagged []string
	for _, d := range build.Lint(p, nil).Diagnostics {
		if d.Rule == "triggers/overlap" {
			flagged = append(flagged, d.Pos.File)
		}
	}
	if len(flagged) != 1 || !strings.Contains(flagged[0], "plots.md") {
		t.Errorf("triggers/overlap flagged %v, want plots.md (against charts.md)", flagged)
	}

	dir := filepath.Join(t.TempDir(), "c")
	if _, err := search.Build(dir, p.CatalogSource()); err != nil {
		t.Fatal(err)
	}
	c, err := search.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	cases, err := search.ParseCases(strings.NewReader(
		"1\ten\tbar chart\tcharts.md\n2\ten\tline chart\tplots.md\n3\tde\tDiagramm\tcharts.md\n"+
			"4\tde\tDiagramme\tplots.md\n5\ten\tpicture\timages.md\n"), "agree.tsv")
	if err != nil {
		t.Fatal(err)
	}
	outs, err := c.Eval(cases, search.Visibility{AnyTools: true}, search.DefaultThresholds())
	if err != nil {
		t.Fatal(err)
	}
	r := search.Summarize(outs)
	triggers, err := c.Triggers()
	if err != nil {
		t.Fatal(err)
	}
	r.Annotate(triggers)
	if len(r.Confused) != 1 {
		t.Fatalf("confused pairs %+v, want charts ↔ plots only", r.Confused)
	}
	got := r.Confused[0]
	if got.A != "charts.md" || got.B != "plots.md" || !got.Collide || len(got.Shared) != 4 {
		t.Errorf("confused pair %+v, want charts.md ↔ plots.md sharing 4 triggers, flagged", got)
	}
}
