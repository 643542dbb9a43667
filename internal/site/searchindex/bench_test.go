package searchindex

import (
	"fmt"
	"testing"

	"github.com/spf13/afero"
)

// BenchmarkWrite builds the index of the generated 1k and 10k corpora
// (internal/corpusgen) into memory and reports the index size and the
// manifest size.
func BenchmarkWrite(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) {
			docs := generatedCorpus(b, n).docs
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
