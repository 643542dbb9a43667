package bundle

import (
	"fmt"
	"slices"
)

// Verify recomputes what b records and returns one message per mismatch:
// the seal (a digest per field, naming each field changed since the bake:
// budget, disabled list, style, role, …), the digest, size and tokens
// (with count; nil skips tokens) of the prefix and the tail, each
// descriptor's digest and size, the id against the names it is made of,
// and the prefix and tail rendered again from the recorded blocks. A bundle nobody edited returns nothing.
func Verify(b *Bundle, count func(string) int) []string {
	out := verifyTexts(b, count)
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	if want := b.Meta().ID(); b.ID != want {
		add("the id is %s, but recipe, surface, provider and role make %s", b.ID, want)
	}
	for _, a := range b.Disabled {
		if slices.ContainsFunc(b.Blocks, func(c Composed) bool { return c.Name == a.Block }) {
			add("block %s is listed as disabled but is among the blocks", a.Block)
		}
	}
	return append(out, verifySeal(b)...)
}

// verifyTexts recomputes the digests and sizes of the texts and renders
// the recorded blocks again.
func verifyTexts(b *Bundle, count func(string) int) []string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	if got := Digest(b.Prefix); got != b.SHA256 {
		add("sha256 of the prefix is %s, the bundle records %s", got, b.SHA256)
	}
	if len(b.Prefix) != b.Bytes {
		add("the prefix is %d bytes, the bundle records %d", len(b.Prefix), b.Bytes)
	}
	if got := Digest(b.Tail); got != b.TailSHA256 {
		add("sha256 of the tail is %s, the bundle records %s", got, b.TailSHA256)
	}
	if count != nil {
		if n := count(b.Prefix); n != b.Tokens {
			add("the prefix is %d tokens, the bundle records %d", n, b.Tokens)
		}
		if n := count(b.Tail); n != b.TailTokens {
			add("the tail is %d tokens, the bundle records %d", n, b.TailTokens)
		}
	}
	c := &Composition{Blocks: b.Blocks, Disabled: b.Disabled}
	for i := range c.Blocks {
		c.Blocks[i].compose()
	}
	want := c.Descriptors(nil)
	if len(want) != len(b.Layers) {
		add("the bundle has %d blocks' parts but %d descriptors", len(want), len(b.Layers))
	} else {
		for i, d := range b.Layers {
			w := want[i]
			if d.Block != w.Block || d.Layer != w.Layer || d.Source != w.Source {
				add("descriptor %d is %s/%s (%s), the blocks say %s/%s (%s)", i+1, d.Layer, d.Block, d.Source, w.Layer, w.Block, w.Source)
				continue
			}
			if d.Digest != w.Digest || d.Bytes != w.Bytes {
				add("descriptor %s/%s records sha256 %s and %d bytes; its text has %s and %d", d.Layer, d.Block, d.Digest, d.Bytes, w.Digest, w.Bytes)
			}
		}
	}
	if _, err := ParseStyle(string(b.Style)); err != nil {
		add("%v", err)
		return out
	}
	prefix, tail := c.Render(b.Style)
	if prefix != b.Prefix {
		add("the prefix differs from its blocks rendered again in style %s", b.Style)
	}
	if tail != b.Tail {
		add("the tail differs from its blocks rendered again in style %s", b.Style)
	}
	return out
}
