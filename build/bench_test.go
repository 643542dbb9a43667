package build_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build"
	"github.com/lorekit/lore/build/diag"
	"github.com/lorekit/lore/build/lint"
	"github.com/lorekit/lore/internal/corpusgen"
)

// generatedProject writes a project of n generated manuals
// (internal/corpusgen) into memory under dir. The generator plants the
// defects real corpora have, so some rules report errors; the project
// file lowers every error rule to a warning, so that the build goes on to
// index and render (every rule still runs).
func generatedProject(b *testing.B, n int, dir string) afero.Fs {
	b.Helper()
	fs := afero.NewMemMapFs()
	if err := corpusgen.Write(fs, dir, n, 1); err != nil {
		b.Fatal(err)
	}
	cfg, err := afero.ReadFile(fs, dir+"/lore.yaml")
	if err != nil {
		b.Fatal(err)
	}
	var lower strings.Builder
	lower.WriteString("lint:\n  rules:\n")
	for _, r := range lint.Rules() {
		if r.Severity == diag.Error {
			fmt.Fprintf(&lower, "    %s: warning\n", r.ID)
		}
	}
	if err := afero.WriteFile(fs, dir+"/lore.yaml", append(cfg, lower.String()...), 0o644); err != nil {
		b.Fatal(err)
	}
	return fs
}

// BenchmarkBuild is a full lore build (load, bake, lint, index, render,
// manifest, publish) of a generated corpus in memory. The catalog of the
// previous iteration is reused, as in a rebuild with unchanged manuals.
func BenchmarkBuild(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			fs := generatedProject(b, n, "p")
			b.ResetTimer()
			for b.Loop() {
				res, err := build.Run(build.RunOptions{Options: build.Options{FS: fs, Dir: "p"}})
				if err != nil {
					b.Fatal(err)
				}
				if res.Failed {
					b.Fatalf("the corpus does not build: %s", res.Lint.Diagnostics.Summary())
				}
			}
		})
	}
}

var benchSizes = []int{200, 1000, 10000}
