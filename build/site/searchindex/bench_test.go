package searchindex

import (
	"fmt"
	"testing"

	"github.com/spf13/afero"
)

// BenchmarkWrite builds the index of the 1k and 10k stand-in corpora into
// memory and reports the index size and the manifest size.
func BenchmarkWrite(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) {
			docs, _ := standinCorpus(b, n, 1)
			var st Stats
			b.ResetTimer()
			for b.Loop() {
				var err error
				if st, err = Write(afero.NewMemMapFs(), docs, Options{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(st.Bytes), "index-bytes")
			b.ReportMetric(float64(st.ManifestBytes), "manifest-bytes")
		})
	}
}
