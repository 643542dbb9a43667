package search

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/corpusgen"
	"github.com/lorekit/lore/internal/manual"
)

// generated loads a project of n generated manuals (internal/corpusgen),
// once per n and test binary.
var generated = struct {
	sync.Mutex
	src map[int]Source
}{src: map[int]Source{}}

func generatedSource(tb testing.TB, n int) Source {
	tb.Helper()
	generated.Lock()
	defer generated.Unlock()
	if s, ok := generated.src[n]; ok {
		return s
	}
	fs := afero.NewMemMapFs()
	if err := corpusgen.Write(fs, "p", n, 1); err != nil {
		tb.Fatal(err)
	}
	cfg, err := config.Load(fs, "p", "")
	if err != nil {
		tb.Fatal(err)
	}
	s := Source{Manuals: manual.Load(fs, []string{"p/manuals"}), Config: cfg}
	generated.src[n] = s
	return s
}

// builtCatalog builds the catalog of n generated manuals into a temporary
// folder and returns the folder.
func builtCatalog(tb testing.TB, n int) string {
	tb.Helper()
	src := generatedSource(tb, n)
	dir := filepath.Join(tb.TempDir(), "catalog.bleve")
	if _, err := Build(dir, src); err != nil {
		tb.Fatal(err)
	}
	return dir
}

// BenchmarkBuild measures building the catalog of the generated 10k
// corpus (target: ≤ 6 s on 2 cores). Loading and parsing the manuals is
// not included; the build is entries + analysis + one segment on disk.
func BenchmarkBuild(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			src := generatedSource(b, n)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				dir := filepath.Join(b.TempDir(), fmt.Sprint(i))
				if _, err := Build(dir, src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkOpen measures opening the 10k catalog (target, issue 20: ≤ 10 ms).
func BenchmarkOpen(b *testing.B) {
	dir := builtCatalog(b, 10000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c, err := Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		c.Close()
	}
}

// benchIntents are shaped like the requests agents send: a few words, in
// English or German, some with typos, some out of scope.
var benchIntents = []string{
	"show a chart inline", "Diagramm im Chat anzeigen", "embed an image from a url", "how do I schedule a calendar event",
	"Datenbank Migration rückgängig machen", "review a pull request", "fetch a web page and summarise it",
	"screnshot einbetten", "deploy to kubernetes", "wie erstelle ich eine Mindmap", "rotate api keys safely",
	"bake a sourdough bread", "Fehler im Kanban Board melden", "write unit tests for the parser", "send an email with attachment",
	"Tabelle als CSV exportieren", "Testpyramide für die Codeänderung festlegen", "Fehlerbehandlung der Serverrouten umsetzen",
}

// BenchmarkHowDoI measures routing on the 10k catalog in process and
// reports p50, p90 and p99 latencies (target, issue 20: p99 ≤ 2 ms).
func BenchmarkHowDoI(b *testing.B) {
	dir := builtCatalog(b, 10000)
	c, err := Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	v, err := c.VisibilityFor("arthur", nil, false)
	if err != nil {
		b.Fatal(err)
	}
	for _, in := range benchIntents { // warm up
		if _, err := c.HowDoI(in, v); err != nil {
			b.Fatal(err)
		}
	}
	lat := make([]time.Duration, 0, b.N)
	runtime.GC() // the garbage of building the catalog is not the router's
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t := time.Now()
		if _, err := c.HowDoI(benchIntents[i%len(benchIntents)], v); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t))
	}
	b.StopTimer()
	slices.Sort(lat)
	q := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000 }
	b.ReportMetric(q(0.50), "p50-ms")
	b.ReportMetric(q(0.90), "p90-ms")
	b.ReportMetric(q(0.99), "p99-ms")
}
