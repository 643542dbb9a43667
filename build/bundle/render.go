package bundle

import (
	"fmt"
	"slices"
	"strings"
)

// Style is how a bundle marks its blocks for a provider (seed 002).
type Style string

// The render styles. In each, a block's text is encoded so that it cannot
// open or close a section (see encode.go); ParseSections reads the
// sections back.
const (
	// XML wraps a block in <section name="…">…</section>. Inside, only a
	// '<' that would start a section tag is escaped (as "&lt;").
	XML Style = "xml"
	// Fenced wraps a block in a Markdown code fence whose info string is
	// the block name. The fence is longer than any backtick run that
	// opens a line inside, so inner fences never close it.
	Fenced Style = "fenced"
	// Inline puts a "--- name ---" line above the block. A line inside
	// that looks like such a heading is escaped with a leading backslash.
	Inline Style = "inline"
)

// Styles returns the render styles, in documented order.
func Styles() []Style { return []Style{XML, Fenced, Inline} }

// ParseStyle checks s is a render style.
func ParseStyle(s string) (Style, error) {
	for _, st := range Styles() {
		if string(st) == s {
			return st, nil
		}
	}
	return "", fmt.Errorf("unknown render style %q: use xml, fenced or inline", s)
}

// DefaultStyles returns a new map from the common providers to the style
// each renders by default; a project's lore.yaml (providers:) overrides it.
func DefaultStyles() map[string]Style {
	return map[string]Style{"anthropic": XML, "openai": Fenced, "ollama": Inline}
}

// Section renders one block in style st; name must be a ValidName. The
// text's trailing blanks go, and the text is encoded so that nothing in it
// can open or close a section.
func Section(st Style, name, text string) string {
	return section(st, name, strings.TrimRight(text, " \t\n"))
}

// section renders text as it is, encoded.
func section(st Style, name, text string) string {
	switch st {
	case Fenced:
		fence := fenceFor(text)
		return fence + name + "\n" + text + "\n" + fence
	case Inline:
		return "--- " + name + " ---\n" + inlineEscape(text)
	}
	return `<section name="` + name + `">` + "\n" + xmlEscape(text) + "\n</section>"
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

// FillTurn fills the {{ turn.NAME }} placeholders of b's tail with the
// per-turn values and returns the tail a turn sends. The values go into
// the dynamic blocks' text before the style's encoding, so a value cannot
// open or close a section any more than a layer can; without such
// sequences in the values the result equals FillTail(b.Tail, turn). Names
// without a value become empty and are returned in missing.
func (b *Bundle) FillTurn(turn map[string]string) (tail string, missing []string) {
	var tl []string
	for _, cb := range b.Blocks {
		if !cb.Dynamic || cb.Text == "" {
			continue
		}
		// Trimmed as Render trims the template, then filled and encoded.
		text, miss := FillTail(strings.TrimRight(cb.Text, " \t\n"), turn)
		for _, m := range miss {
			if !slices.Contains(missing, m) {
				missing = append(missing, m)
			}
		}
		tl = append(tl, section(b.Style, cb.Name, text))
	}
	if len(tl) == 0 && b.Tail != "" {
		// A bundle without its blocks (written by hand or by another
		// tool) can only be filled as text.
		return FillTail(b.Tail, turn)
	}
	return joinSections(tl), missing
}
