package site

import (
	"bufio"
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
)

// Code on which chroma's lexers never finish (JSONata and Jungle loop on
// ordinary input; YAML backtracks exponentially in a double-quoted
// string) is written plain, and the build goes on. Without the bounds
// each of these runs for hours.
func TestLexersThatNeverFinish(t *testing.T) {
	h := newHighlighter(nil)
	for _, c := range []struct{ lang, code string }{
		{"jsonata", strings.Repeat("aaaa ", 4) + "\""},
		{"jungle", "x = 1\nprint(\"hello\") // c\n"},
		{"yaml", "key: \"" + strings.Repeat("\\a", 40) + "\n"},
	} {
		var b bytes.Buffer
		w := bufio.NewWriter(&b)
		h.block(w, c.lang, c.code, new(pageCode))
		_ = w.Flush()
		if !strings.Contains(b.String(), `<pre class="chroma"><code>`) || strings.Contains(b.String(), "<span") {
			t.Errorf("%s: %q, want the block plain", c.lang, b.String())
		}
	}
	// Ordinary YAML is still highlighted.
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	h.block(w, "yaml", "key: \"value\"\nlist:\n  - a\n", new(pageCode))
	_ = w.Flush()
	if !strings.Contains(b.String(), "<span") {
		t.Errorf("yaml: %q, want it highlighted", b.String())
	}
}

// TestPageRunsOutOfHighlighting: after one block of a page crossed a
// bound, the page's remaining blocks are plain, also in a later build
// that finds that block in the cache; and a page whose lexing took longer
// than lexLimit of its code is plain from then on.
func TestPageRunsOutOfHighlighting(t *testing.T) {
	loop := strings.Repeat("aaaa ", 4) + "\"" // JSONata loops: a step-count bound, not a timing
	page := func(h *highlighter) string {
		var b bytes.Buffer
		w := bufio.NewWriter(&b)
		p := new(pageCode)
		h.block(w, "yaml", "a: 1\n", p)
		h.block(w, "jsonata", loop, p)
		h.block(w, "yaml", "b: 2\n", p)
		_ = w.Flush()
		return b.String()
	}
	c := cache.Open(afero.NewMemMapFs(), "cache", "test", "")
	first, again := page(newHighlighter(c)), page(newHighlighter(c))
	blocks := strings.SplitAfter(first, "</div>\n")
	if len(blocks) != 4 || !strings.Contains(blocks[0], "<span") || strings.Contains(blocks[1], "<span") || strings.Contains(blocks[2], "<span") {
		t.Fatalf("want the first block highlighted, the rest plain:\n%s", first)
	}
	if b, ok := c.Pack(codePack).Get(codeKey("jsonata", loop)); !ok || len(b) != 0 {
		t.Errorf("the block that crossed a bound is cached as %q, %v; want an empty entry", b, ok)
	}
	if again != first {
		t.Errorf("from the cache the page differs:\n%s\nwant\n%s", again, first)
	}
	if scratch := page(newHighlighter(nil)); scratch != first {
		t.Errorf("without a cache the page differs:\n%s\nwant\n%s", scratch, first)
	}

	p := &pageCode{spent: lexLimit(1000)}
	var bound bool
	if err := p.time(10, func() error { return nil }, &bound); err != nil || bound || !p.out {
		t.Errorf("a page past lexLimit of its code: out %v, bound %v, err %v; want out", p.out, bound, err)
	}
	p = new(pageCode)
	if _ = p.time(10, func() error { return nil }, &bound); p.out || bound {
		t.Error("an ordinary block ran the page out")
	}
}
