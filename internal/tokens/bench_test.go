package tokens

import (
	"fmt"
	"strings"
	"testing"
)

// promptTexts are twelve prompt-sized texts (about 4 KB each) with the mix
// of prose, Markdown and code spans real bundles have.
func promptTexts() []string {
	var out []string
	for i := range 12 {
		var b strings.Builder
		for j := range 30 {
			fmt.Fprintf(&b, "- `manual_read('topic-%d-%d')` — when the user asks about embedding images, charts or documents (Bilder, Diagramme) in bundle %d.\n", i, j, i)
		}
		out = append(out, b.String())
	}
	return out
}

// BenchmarkCountFirstUse is a new counter's first count. The encoding's
// tables load once per process (BenchmarkLoadEncoding), so this is what
// every counter after the first costs.
func BenchmarkCountFirstUse(b *testing.B) {
	for b.Loop() {
		c := NewCounter("")
		if _, err := c.Count("You are Arthur."); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCountCold counts every text with an empty cache (the encoding
// already loaded).
func BenchmarkCountCold(b *testing.B) {
	texts := promptTexts()
	c := NewCounter("")
	c.MustCount("warm up the codec")
	b.SetBytes(int64(len(strings.Join(texts, ""))))
	for b.Loop() {
		c.mu.Lock()
		clear(c.cache)
		c.mu.Unlock()
		for _, t := range texts {
			c.MustCount(t)
		}
	}
}

// BenchmarkCountWarm counts texts already in the cache: a content hash and
// a map lookup each.
func BenchmarkCountWarm(b *testing.B) {
	texts := promptTexts()
	c := NewCounter("")
	for _, t := range texts {
		c.MustCount(t)
	}
	b.SetBytes(int64(len(strings.Join(texts, ""))))
	for b.Loop() {
		for _, t := range texts {
			c.MustCount(t)
		}
	}
}

// BenchmarkCount counts every file of the generated 1k corpus with an
// empty cache, for each encoding: the cost a cold build pays per byte.
// cpu-ns/op is the process's CPU time (garbage collection included) per
// op, steadier than ns/op on a loaded machine.
func BenchmarkCount(b *testing.B) {
	const n = 1000
	texts := generatedTexts(b, n)
	size := 0
	for _, t := range texts {
		size += len(t)
	}
	for _, enc := range []string{"o200k_base", "cl100k_base"} {
		b.Run(enc+"/"+fmt.Sprint(n), func(b *testing.B) {
			c := NewCounter(enc)
			c.MustCount("warm up the codec")
			b.SetBytes(int64(size))
			b.ReportAllocs()
			cpu0, ok := processCPU()
			for b.Loop() {
				c.mu.Lock()
				clear(c.cache)
				c.mu.Unlock()
				for _, t := range texts {
					c.MustCount(t)
				}
			}
			if cpu1, _ := processCPU(); ok {
				b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
			}
		})
	}
}

// BenchmarkLoadEncoding builds an encoding's tables from tiktoken-go's
// vocabulary (tiktoken/…: what a process pays once per encoding, on top
// of tiktoken-go's own vocabulary initialisation in the first op only),
// or from the vocabulary a Store kept (stored/…: what lore build pays
// with its build cache).
func BenchmarkLoadEncoding(b *testing.B) {
	for _, from := range []string{"tiktoken", "stored"} {
		for _, enc := range fastEncodings {
			b.Run(from+"/"+enc, func(b *testing.B) {
				var store Store
				if from == "stored" {
					s := &memStore{}
					loadIn(b, enc, s)
					store = s
				}
				b.ReportAllocs()
				cpu0, ok := processCPU()
				for b.Loop() {
					if _, _, err := loadEncoding(enc, splitOf(enc), store); err != nil {
						b.Fatal(err)
					}
				}
				if cpu1, _ := processCPU(); ok {
					b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
				}
			})
		}
	}
}
