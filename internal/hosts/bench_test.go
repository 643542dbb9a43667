package hosts

import (
	"fmt"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/corpusgen"
	"github.com/lorekit/lore/internal/manual"
)

// BenchmarkRun measures the simulation of every built-in host over the
// generated corpora (what lore hosts, the host/* rules and the site's
// page compute once per run); loading the manuals is not included.
func BenchmarkRun(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			fs := afero.NewMemMapFs()
			if err := corpusgen.Write(fs, "p", n, 1); err != nil {
				b.Fatal(err)
			}
			cfg, err := config.Load(fs, "p", "")
			if err != nil {
				b.Fatal(err)
			}
			in := Input{Config: cfg, FS: fs, Manuals: manual.Load(fs, []string{"p/manuals"})}
			b.ResetTimer()
			for b.Loop() {
				if _, err := Run(in, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
