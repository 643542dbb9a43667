package site

import (
	"bufio"
	"bytes"
	"strings"
	"testing"
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
		h.block(w, c.lang, c.code)
		_ = w.Flush()
		if !strings.Contains(b.String(), `<pre class="chroma"><code>`) || strings.Contains(b.String(), "<span") {
			t.Errorf("%s: %q, want the block plain", c.lang, b.String())
		}
	}
	// Ordinary YAML is still highlighted.
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	h.block(w, "yaml", "key: \"value\"\nlist:\n  - a\n")
	_ = w.Flush()
	if !strings.Contains(b.String(), "<span") {
		t.Errorf("yaml: %q, want it highlighted", b.String())
	}
}
