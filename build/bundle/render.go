package bundle

import (
	"fmt"
	"strings"
)

// Style is how a bundle marks its blocks for a provider (seed 002).
type Style string

// The render styles.
const (
	// XML wraps a block in <section name="…">…</section>; the text inside
	// is not escaped.
	XML Style = "xml"
	// Fenced wraps a block in a Markdown code fence whose info string is
	// the block name. The fence is longer than any backtick run inside, so
	// inner fences never close it.
	Fenced Style = "fenced"
	// Inline puts a "--- name ---" line above the block.
	Inline Style = "inline"
)

// Styles lists the render styles.
var Styles = []Style{XML, Fenced, Inline}

// ParseStyle checks s is a render style.
func ParseStyle(s string) (Style, error) {
	for _, st := range Styles {
		if string(st) == s {
			return st, nil
		}
	}
	return "", fmt.Errorf("unknown render style %q: use xml, fenced or inline", s)
}

// DefaultStyles maps the common providers to their styles.
var DefaultStyles = map[string]Style{"anthropic": XML, "openai": Fenced, "ollama": Inline}

// Section renders one block in style st.
func Section(st Style, name, text string) string {
	text = strings.TrimRight(text, " \t\n")
	switch st {
	case Fenced:
		fence := strings.Repeat("`", max(3, longestRun(text, '`')+1))
		return fence + name + "\n" + text + "\n" + fence
	case Inline:
		return "--- " + name + " ---\n" + text
	}
	return `<section name="` + name + `">` + "\n" + text + "\n</section>"
}

// longestRun returns the longest run of c at the start of a line (after up
// to three spaces of indentation), which is where a fence could close.
func longestRun(text string, c byte) int {
	best := 0
	for _, l := range strings.Split(text, "\n") {
		t := strings.TrimLeft(l, " ")
		if len(l)-len(t) > 3 {
			continue
		}
		n := 0
		for n < len(t) && t[n] == c {
			n++
		}
		best = max(best, n)
	}
	return best
}

// Render renders the composition in style st: the static blocks form the
// prefix, the dynamic ones the tail. Blocks with empty text are left out.
// Both end in a newline unless empty.
func (c *Composition) Render(st Style) (prefix, tail string) {
	var pre, tl []string
	for _, b := range c.Blocks {
		if b.Text == "" {
			continue
		}
		s := Section(st, b.Name, b.Text)
		if b.Dynamic {
			tl = append(tl, s)
		} else {
			pre = append(pre, s)
		}
	}
	return joinSections(pre), joinSections(tl)
}

// RenderAs renders b's recorded blocks in style st: the prompt another
// provider of the same recipe would get. In b's own style it returns
// b.Prefix and b.Tail.
func (b *Bundle) RenderAs(st Style) (prefix, tail string) {
	return (&Composition{Blocks: b.Blocks}).Render(st)
}

func joinSections(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return strings.Join(s, "\n\n") + "\n"
}
