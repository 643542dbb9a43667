package tokens

import (
	"io/fs"
	"sort"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/corpusgen"
)

// generatedTexts returns the files of the generated corpus of n manuals
// (seed 1), sorted by path: the Markdown, lore.yaml and whatever else the
// generator writes.
func generatedTexts(tb testing.TB, n int) []string {
	tb.Helper()
	fsys := afero.NewMemMapFs()
	if err := corpusgen.Write(fsys, "p", n, 1); err != nil {
		tb.Fatal(err)
	}
	var paths []string
	err := afero.Walk(fsys, "p", func(path string, info fs.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			paths = append(paths, path)
		}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	sort.Strings(paths)
	texts := make([]string, len(paths))
	for i, p := range paths {
		b, err := afero.ReadFile(fsys, p)
		if err != nil {
			tb.Fatal(err)
		}
		texts[i] = string(b)
	}
	return texts
}
