package build

import (
	"slices"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/bundle"
)

// A bundle whose tokenizer lore does not know cannot have its token count
// checked: that is a problem of the bundle, never a silent skip. Sealed
// again with a made-up tokenizer and a lowered count, a bundle otherwise
// passed lore verify without a lockfile.
func TestVerifyPathUnknownTokenizer(t *testing.T) {
	fs := newProject(t, exampleProject)
	run(t, fs, false)
	f := "public/lore/bundles/marvin.background.ollama.json"
	data, _ := afero.ReadFile(fs, f)
	for _, tok := range []string{"bogus", ""} {
		b, err := bundle.Unmarshal(data)
		if err != nil {
			t.Fatal(err)
		}
		b.Tokenizer, b.Tokens = tok, 1
		b.Seal()
		out, err := b.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		afero.WriteFile(fs, f, out, 0o644)
		r, err := VerifyPath(fs, f, VerifyOptions{Lock: ""})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(r.Problems, func(p string) bool { return strings.Contains(p, "token count cannot be checked") }) {
			t.Errorf("tokenizer %q, tokens 1: problems %q", tok, r.Problems)
		}
	}
}

// The tail's token count is checked like the prefix's.
func TestVerifyPathTailTokens(t *testing.T) {
	fs := newProject(t, exampleProject)
	run(t, fs, false)
	f := "public/lore/bundles/marvin.background.ollama.json"
	data, _ := afero.ReadFile(fs, f)
	b, err := bundle.Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	b.TailTokens++
	b.Seal()
	out, _ := b.Marshal()
	afero.WriteFile(fs, f, out, 0o644)
	r, err := VerifyPath(fs, f, VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(r.Problems, func(p string) bool { return strings.Contains(p, "the tail is") }) {
		t.Errorf("tail tokens raised by one: problems %q", r.Problems)
	}
}
