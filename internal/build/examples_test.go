package build_test

import (
	"slices"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// repoRoot is the repository, seen from this package's folder.
const repoRoot = "../.."

func loadExample(t *testing.T) *build.Project {
	t.Helper()
	p, err := build.Load(build.Options{FS: afero.NewOsFs(), Dir: repoRoot})
	if err != nil {
		t.Fatalf("loading the example project: %v", err)
	}
	return p
}

// The example project (lore.yaml + manuals/) is what `make build` publishes
// and what the prompts hook into: it must lint clean at warning and above.
func TestExampleManualsLintClean(t *testing.T) {
	p := loadExample(t)
	if p.Config.File == "" {
		t.Fatal("no lore.yaml found at the repository root")
	}
	r := build.Lint(p, nil)
	if r.Files < 20 {
		t.Errorf("linted %d files, want the whole example set (20 or more)", r.Files)
	}
	for _, d := range r.Diagnostics {
		if d.Severity >= diag.Warning {
			t.Errorf("%s", d)
		}
	}
}

// The prompt helper hooks these names; the kind and engine manuals carry the
// markers that routing depends on.
func TestExampleManualsHookedNames(t *testing.T) {
	p := loadExample(t)
	want := []struct {
		rel      string
		audience string
		tools    []string
	}{
		{"embedding/embed-overview.md", "", nil},
		{"embedding/embed-images.md", "", nil},
		{"embedding/embed-fences.md", "", nil},
		{"embedding/embed-documents.md", "", nil},
		{"kinds/kind-chart.md", "", nil},
		{"kinds/kind-mindmap.md", "", nil},
		{"kinds/kind-diagram.md", "", nil},
		{"process-lifecycle.md", "", nil},
		{"tools/web-research.md", "", []string{"web_fetch", "web_search"}},
		{"eddie/manuals/memory-notes.md", "eddie", nil},
		{"marvin/manuals/background-jobs.md", "marvin", nil},
	}
	byRel := map[string]*manual.Manual{}
	perEngine := map[string]int{}
	for _, m := range p.Manuals.Manuals {
		byRel[m.Rel] = m
		if m.Audience != "" {
			perEngine[m.Audience]++
		}
	}
	for _, w := range want {
		m := byRel[w.rel]
		if m == nil {
			t.Errorf("manuals/%s is missing", w.rel)
			continue
		}
		if m.Audience != w.audience {
			t.Errorf("%s: audience %q, want %q", m.Path, m.Audience, w.audience)
		}
		for _, tool := range w.tools {
			if !slices.Contains(m.RequiresTools, tool) {
				t.Errorf("%s: requires-tools %v lacks %s", m.Path, m.RequiresTools, tool)
			}
		}
	}
	for _, eng := range []string{"eddie", "marvin"} {
		if perEngine[eng] < 2 {
			t.Errorf("%d manuals with audience %s, want at least 2", perEngine[eng], eng)
		}
	}
}

// Every example manual follows seed 000 §3: a header with triggers and a
// summary, a title, 40–100 lines (a routing overview under 50), and
// requires-tools drawn from the tool inventory.
func TestExampleManualsAnatomy(t *testing.T) {
	p := loadExample(t)
	for _, m := range p.Manuals.Manuals {
		if len(m.Triggers) < 4 || m.Summary == "" || m.Title == "" {
			t.Errorf("%s: want at least 4 triggers, a summary and a # title", m.Path)
		}
		lo, hi := 40, 100
		if m.IsOverview() {
			hi = 49
		}
		if m.Lines < lo || m.Lines > hi {
			t.Errorf("%s: %d lines, want %d–%d", m.Path, m.Lines, lo, hi)
		}
		for _, tool := range m.RequiresTools {
			if _, ok := p.Config.Tools[tool]; !ok {
				t.Errorf("%s: requires-tools names %s, which lore.yaml's tools inventory lacks", m.Path, tool)
			}
		}
		if len(manualReads(m)) == 0 {
			t.Errorf("%s: no manual_read('…') cross-reference", m.Path)
		}
	}
}

func manualReads(m *manual.Manual) []manual.Ref {
	var out []manual.Ref
	for _, r := range m.Refs {
		if r.Kind == manual.RefManual {
			out = append(out, r)
		}
	}
	return out
}
