package site

import (
	"fmt"
	"html"
	"strings"
)

// The neighbourhood drawing of a manual page: what reads or links to the
// manual on the left, the manual in the middle, what it reads or links to
// on the right; at most maxNeighbours a side.
const (
	maxNeighbours = 8
	nbColumn      = 230
	nbRow         = 30
	nbNodeW       = 180
	nbNodeH       = 22
	nbMargin      = 8
	nbLabel       = 24
)

// nbInput is everything a manual's neighbourhood drawing shows: the
// manual, and on each side the first maxNeighbours manuals that read or
// link to it (In) and that it reads or links to (Out), with how many
// there are. The page's key holds it; the drawing is made from it only
// when the page is rendered.
type nbInput struct {
	Root      string
	Self      nbEntry
	In, Out   []nbEntry
	NIn, NOut int
}

// nbEntry is one manual of the drawing.
type nbEntry struct{ URL, Label, Summary string }

// neighbours returns what m's neighbourhood drawing shows; nil when m
// has no references.
func neighbours(r *run, m *Manual, g *refs) *nbInput {
	in, out := g.in[m], g.out[m]
	if len(in) == 0 && len(out) == 0 {
		return nil
	}
	entries := func(l []*Manual) []nbEntry {
		es := make([]nbEntry, 0, min(len(l), maxNeighbours))
		for _, o := range l[:min(len(l), maxNeighbours)] {
			es = append(es, nbEntry{URL: o.URL, Label: r.label(o), Summary: o.M.Summary})
		}
		return es
	}
	return &nbInput{Root: rootOf(m.URL), Self: nbEntry{Label: r.label(m), Summary: m.M.Summary},
		In: entries(in), Out: entries(out), NIn: len(in), NOut: len(out)}
}

// svg draws the neighbourhood; "" when there is nothing to draw.
func (nb *nbInput) svg() string {
	if nb == nil {
		return ""
	}
	side := func(n int) int { return min(n, maxNeighbours) + btoi(n > maxNeighbours) }
	rows := max(side(nb.NIn), side(nb.NOut), 1)
	w := 2*nbMargin + 2*nbColumn + nbNodeW
	h := 2*nbMargin + (rows-1)*nbRow + nbNodeH
	root := nb.Root
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="graph neighbours" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="group" aria-label="%s">`,
		w, h, w, h, html.EscapeString(fmt.Sprintf("References of %s: %d in, %d out", nb.Self.Label, nb.NIn, nb.NOut)))
	b.WriteString(`<defs><marker id="nb-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path class="arrow" d="M0 0L10 5L0 10z"/></marker></defs>`)
	cy := nbMargin + (rows-1)*nbRow/2 + nbNodeH/2
	cx := nbMargin + nbColumn
	ys := func(n int) []int {
		off := (rows - n) * nbRow / 2
		out := make([]int, n)
		for i := range out {
			out[i] = nbMargin + off + i*nbRow + nbNodeH/2
		}
		return out
	}
	var nodes strings.Builder
	draw := func(list []nbEntry, total, x int, left bool) {
		n := side(total)
		pos := ys(n)
		b.WriteString(`<g class="edges" aria-hidden="true">`)
		for i := range n {
			y := pos[i]
			if left {
				fmt.Fprintf(&b, `<path class="edge" d="M%d %dC%d %d %d %d %d %d" marker-end="url(#nb-arrow)"/>`,
					x+nbNodeW, y, x+nbNodeW+30, y, cx-30, cy, cx, cy)
			} else {
				fmt.Fprintf(&b, `<path class="edge" d="M%d %dC%d %d %d %d %d %d" marker-end="url(#nb-arrow)"/>`,
					cx+nbNodeW, cy, cx+nbNodeW+30, cy, x-30, y, x, y)
			}
		}
		b.WriteString(`</g>`)
		for i := range n {
			y := pos[i] - nbNodeH/2
			if i == maxNeighbours {
				fmt.Fprintf(&nodes, `<text class="more" x="%d" y="%d">+%d more</text>`, x+8, y+nbNodeH/2+4, total-maxNeighbours)
				continue
			}
			o := list[i]
			nbNode(&nodes, root+o.URL, o.Label, o.Summary, x, y, "node")
		}
	}
	draw(nb.In, nb.NIn, nbMargin, true)
	draw(nb.Out, nb.NOut, nbMargin+2*nbColumn, false)
	nbNode(&nodes, "", nb.Self.Label, nb.Self.Summary, cx, cy-nbNodeH/2, "node self")
	b.WriteString(`<g class="nodes">`)
	b.WriteString(nodes.String())
	b.WriteString(`</g></svg>`)
	return b.String()
}

// nbNode draws one node: a link to url, or a plain box when url is "".
func nbNode(b *strings.Builder, url, label, summary string, x, y int, class string) {
	title := label
	if summary != "" {
		title += ": " + summary
	}
	if r := []rune(label); len(r) > nbLabel {
		label = string(r[:nbLabel-1]) + "…"
	}
	open, end := `<a class="`+class+`" href="`+html.EscapeString(url)+`">`, "</a>"
	if url == "" {
		open, end = `<g class="`+class+`">`, "</g>"
	}
	fmt.Fprintf(b, `%s<title>%s</title><rect x="%d" y="%d" width="%d" height="%d" rx="4"/><text x="%d" y="%d">%s</text>%s`,
		open, html.EscapeString(title), x, y, nbNodeW, nbNodeH, x+8, y+nbNodeH/2+4, html.EscapeString(label), end)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
