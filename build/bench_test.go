package build_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build"
)

// writeCorpus writes n manuals shaped like real ones (header, sections,
// hooks to other manuals, code blocks) under dir. It stands in for
// internal/corpusgen.Write(fs, dir, n, seed), which replaces it when
// that package lands.
func writeCorpus(fs afero.Fs, dir string, n int, seed int64) error {
	r := rand.New(rand.NewPCG(uint64(seed), 42))
	words := strings.Fields("image chart graph process release review deploy token prompt cache layer bundle search route manual " +
		"Bild Grafik Prozess Freigabe Prüfung Zwischenspeicher Schicht Suche")
	for i := range n {
		var b strings.Builder
		fmt.Fprintf(&b, "---\ntriggers: topic%d, Thema%d, %s\nsummary: How to handle %s number %d.\n---\n# Topic %d\n\n",
			i, i, words[r.IntN(len(words))], words[r.IntN(len(words))], i, i)
		for s := range 2 + r.IntN(3) {
			fmt.Fprintf(&b, "## Section %d\n\n", s)
			for range 3 + r.IntN(8) {
				fmt.Fprintf(&b, "Some text about %s and %s that an agent reads when it needs it.\n", words[r.IntN(len(words))], words[r.IntN(len(words))])
			}
			if r.IntN(2) == 0 {
				fmt.Fprintf(&b, "\n- For more, `manual_read('m%d')`.\n", r.IntN(n))
			}
			if r.IntN(3) == 0 {
				b.WriteString("\n```go\nfunc main() {\n\tfmt.Println(\"hello\")\n}\n```\n")
			}
			b.WriteString("\n")
		}
		if err := afero.WriteFile(fs, fmt.Sprintf("%s/f%02d/m%d.md", dir, i%50, i), []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// BenchmarkBuild is a full lore build (load, lint, render, manifest) of a
// generated corpus in memory.
func BenchmarkBuild(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			fs := afero.NewMemMapFs()
			if err := writeCorpus(fs, "manuals", n, 1); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for b.Loop() {
				res, err := build.Run(build.RunOptions{Options: build.Options{FS: fs, Dir: "."}})
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
