package build_test

import (
	"reflect"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/corpusgen"
	"github.com/lorekit/lore/internal/lint"
)

// TestLintGeneratedProject lints a generated project: every file is
// counted, the rules the generator provokes fire, and the findings are the
// same on every run (the linter works in parallel).
func TestLintGeneratedProject(t *testing.T) {
	fsys := afero.NewMemMapFs()
	if err := corpusgen.Write(fsys, "p", 600, 3); err != nil {
		t.Fatal(err)
	}
	lint := func() lint.Report {
		p, err := build.Load(build.Options{FS: fsys, Dir: "p"})
		if err != nil {
			t.Fatal(err)
		}
		return build.Lint(p, nil)
	}
	r := lint()
	if r.Files != 600 {
		t.Errorf("linted %d files, want 600", r.Files)
	}
	byRule := map[string]int{}
	for _, d := range r.Diagnostics {
		byRule[d.Rule]++
	}
	for _, id := range []string{"size/goal", "size/split", "size/hard-limit", "header/missing", "split/topics", "split/self-references",
		"ref/prose-reference", "triggers/overlap"} {
		if byRule[id] == 0 {
			t.Errorf("rule %s never fired on the generated project (%v)", id, byRule)
		}
	}
	// Defects are the exception: most manuals resolve their references.
	for _, id := range []string{"ref/unknown-manual", "ref/broken-link", "file/encoding", "skill/name", "skill/description", "skill/yaml"} {
		if byRule[id] > 10 {
			t.Errorf("rule %s fired %d times: the generator writes broken manuals", id, byRule[id])
		}
	}
	again := lint()
	if len(again.Diagnostics) != len(r.Diagnostics) {
		t.Fatalf("second run: %d findings, first %d", len(again.Diagnostics), len(r.Diagnostics))
	}
	for i := range r.Diagnostics {
		if !reflect.DeepEqual(r.Diagnostics[i], again.Diagnostics[i]) {
			t.Fatalf("finding %d differs between runs:\n%v\n%v", i, r.Diagnostics[i], again.Diagnostics[i])
		}
	}
}
