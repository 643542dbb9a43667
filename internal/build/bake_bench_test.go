package build

import (
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/tokens"
)

// BenchmarkBakeExample bakes every bundle of the repository's example
// project (lore.yaml and prompts/ at the module root): load prompts/,
// compile every template, render, compose and count tokens (warm cache),
// check hooks. Manual loading is outside the loop.
func BenchmarkBakeExample(b *testing.B) {
	p, err := Load(Options{FS: afero.NewOsFs(), Dir: "../.."})
	if err != nil {
		b.Fatal(err)
	}
	counter := tokens.NewCounter(p.Config.Tokenizer)
	first, err := bake(p, counter)
	if err != nil {
		b.Fatal(err)
	}
	if len(first.Bundles) == 0 {
		b.Fatal("the example bakes no bundles")
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := bake(p, counter); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(first.Bundles)), "bundles")
}

// BenchmarkBakeExampleColdTokens is the same with a fresh token counter
// each time: the encoding's vocabulary loads and every count is computed.
func BenchmarkBakeExampleColdTokens(b *testing.B) {
	p, err := Load(Options{FS: afero.NewOsFs(), Dir: "../.."})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := bake(p, tokens.NewCounter(p.Config.Tokenizer)); err != nil {
			b.Fatal(err)
		}
	}
}
