package build_test

import (
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/corpusgen"
)

func BenchmarkLint1k(b *testing.B)  { benchLint(b, 1000) }
func BenchmarkLint10k(b *testing.B) { benchLint(b, 10000) }

// benchLint measures load + lint of a generated project of n manuals, on
// an in-memory file system and on disk.
func benchLint(b *testing.B, n int) {
	b.Run("mem", func(b *testing.B) {
		fsys := afero.NewMemMapFs()
		if err := corpusgen.Write(fsys, "p", n, 1); err != nil {
			b.Fatal(err)
		}
		runLint(b, fsys, "p", n)
	})
	b.Run("disk", func(b *testing.B) {
		dir := b.TempDir()
		fsys := afero.NewOsFs()
		if err := corpusgen.Write(fsys, dir, n, 1); err != nil {
			b.Fatal(err)
		}
		runLint(b, fsys, dir, n)
	})
}

func runLint(b *testing.B, fsys afero.Fs, dir string, n int) {
	b.ReportAllocs()
	var files int
	for b.Loop() {
		p, err := build.Load(build.Options{FS: fsys, Dir: dir})
		if err != nil {
			b.Fatal(err)
		}
		r := build.Lint(p, nil)
		files = r.Files
	}
	if files != n {
		b.Fatalf("linted %d files, want %d", files, n)
	}
}
