package build_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lorekit/lore/internal/lint"
)

// BenchmarkScanCost measures what the security/* scanners add to a cold
// build (issue 16: at most 15 % of a cold build of the 10k corpus). Each
// iteration builds the generated project cold twice, interleaved so that
// the load of a shared machine hits both alike: as it is, and with
// "security/*: off" in its lore.yaml (the rules then do not run at all,
// and the skills' supporting files are not read for them). It reports the
// medians of wall and CPU time of both and the median of the per-iteration
// ratios (scan-cpu-% is the CPU the scanners add, in per cent of the
// build without them). Run with -benchtime 5x for medians of five.
func BenchmarkScanCost(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			dir := generatedProject(b, n)
			cfg := filepath.Join(dir, "lore.yaml")
			with, err := os.ReadFile(cfg)
			if err != nil {
				b.Fatal(err)
			}
			// The generated lore.yaml ends in the lint.rules map, which
			// names the security rules that default to error (lowered to
			// warnings): switch every one off.
			var without []byte
			for _, line := range strings.SplitAfter(string(with), "\n") {
				if id, _, ok := strings.Cut(strings.TrimSpace(line), ":"); ok && strings.HasPrefix(id, "security/") {
					continue
				}
				without = append(without, line...)
			}
			for _, r := range lint.Rules() {
				if r.Group() == "security" {
					without = append(without, "    "+r.ID+": off\n"...)
				}
			}
			setConfig := func(data []byte) {
				if err := os.WriteFile(cfg, data, 0o644); err != nil {
					b.Fatal(err)
				}
			}
			defer setConfig(with)
			var on, off []sample
			for b.Loop() {
				setConfig(without)
				clearBuild(b, dir)
				off = append(off, measure(func() { runBuild(b, dir) }))
				setConfig(with)
				clearBuild(b, dir)
				on = append(on, measure(func() { runBuild(b, dir) }))
			}
			b.StopTimer()
			report(b, "scanners-on", on)
			report(b, "scanners-off", off)
			var cpuPct, wallPct []float64
			for i := range on {
				cpuPct = append(cpuPct, 100*(float64(on[i].cpu)/float64(off[i].cpu)-1))
				wallPct = append(wallPct, 100*(float64(on[i].wall)/float64(off[i].wall)-1))
			}
			b.ReportMetric(medianOf(cpuPct), "scan-cpu-%")
			b.ReportMetric(medianOf(wallPct), "scan-wall-%")
		})
	}
}

func medianOf(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s[len(s)/2]
}
