package lint_test

import (
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/corpusgen"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/manual"
)

// BenchmarkSecurityScan1k measures the security/* rules alone over the
// generated 1k corpus (internal/corpusgen), to compare their CPU time
// with a cold build of the same corpus (build.BenchmarkBuildCold/1000):
// the scanners may add at most 15 % to it.
func BenchmarkSecurityScan1k(b *testing.B) {
	fsys := afero.NewMemMapFs()
	if err := corpusgen.Write(fsys, "p", 1000, 1); err != nil {
		b.Fatal(err)
	}
	set := manual.Load(fsys, []string{"p/manuals"})
	rules := map[string]string{"*": "off", "security/*": "warning"}
	in := &lint.Input{Config: &config.Config{Lint: config.Lint{Rules: rules}}, FS: fsys, Manuals: set}
	bytes := 0
	for _, m := range set.Manuals {
		bytes += len(m.Src)
	}
	b.SetBytes(int64(bytes))
	b.ReportAllocs()
	for b.Loop() {
		lint.Run(in)
	}
}
