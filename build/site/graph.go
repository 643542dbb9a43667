package site

import (
	"cmp"
	"fmt"
	"html"
	"slices"
	"strings"
)

// graphNode is a manual in the cross-reference graph.
type graphNode struct {
	Name    string
	URL     string // from the site root
	Summary string
	Errors  bool
}

// graphEdge is a manual_read from one manual to another.
type graphEdge struct{ From, To string }

// Geometry of the drawing, in SVG user units.
const (
	gColumn = 240 // distance between layers
	gRow    = 32  // distance between nodes of a layer
	gNodeW  = 200
	gNodeH  = 22
	gMargin = 12
	gLabel  = 28 // characters of a label before it is cut
)

// layout is a layered drawing: every node gets a layer (column) and a
// position inside it.
type layout struct {
	nodes    []graphNode
	layer    map[string]int
	pos      map[string]int
	reversed map[graphEdge]bool
	edges    []graphEdge
	layers   [][]string
}

// layoutGraph places the nodes that take part in an edge with a
// Sugiyama-style layered layout: cycles broken by a depth-first search,
// layers by longest path, order inside layers by barycentre sweeps. Every
// step is deterministic (ties broken by name).
func layoutGraph(nodes []graphNode, edges []graphEdge) *layout {
	l := &layout{layer: map[string]int{}, pos: map[string]int{}, reversed: map[graphEdge]bool{}}
	known := map[string]graphNode{}
	for _, n := range nodes {
		known[n.Name] = n
	}
	out := map[string][]string{}
	seen := map[graphEdge]bool{}
	for _, e := range edges {
		if e.From == e.To || seen[e] {
			continue
		}
		if _, ok := known[e.From]; !ok {
			continue
		}
		if _, ok := known[e.To]; !ok {
			continue
		}
		seen[e] = true
		l.edges = append(l.edges, e)
		out[e.From] = append(out[e.From], e.To)
	}
	slices.SortFunc(l.edges, func(a, b graphEdge) int { return cmp.Or(strings.Compare(a.From, b.From), strings.Compare(a.To, b.To)) })
	inGraph := map[string]bool{}
	for _, e := range l.edges {
		inGraph[e.From], inGraph[e.To] = true, true
	}
	for _, n := range nodes {
		if inGraph[n.Name] {
			l.nodes = append(l.nodes, n)
		}
	}
	slices.SortFunc(l.nodes, func(a, b graphNode) int { return strings.Compare(a.Name, b.Name) })
	for k := range out {
		slices.Sort(out[k])
	}

	// Break cycles: edges back to a node on the DFS stack are reversed.
	state := map[string]int{} // 1 on stack, 2 done
	var dfs func(string)
	dfs = func(v string) {
		state[v] = 1
		for _, w := range out[v] {
			switch state[w] {
			case 0:
				dfs(w)
			case 1:
				l.reversed[graphEdge{v, w}] = true
			}
		}
		state[v] = 2
	}
	for _, n := range l.nodes {
		if state[n.Name] == 0 {
			dfs(n.Name)
		}
	}

	// Layers by longest path over the acyclic edges (Kahn, sorted queue).
	succ := map[string][]string{}
	pred := map[string][]string{}
	indeg := map[string]int{}
	for _, e := range l.edges {
		from, to := e.From, e.To
		if l.reversed[e] {
			from, to = to, from
		}
		succ[from] = append(succ[from], to)
		pred[to] = append(pred[to], from)
		indeg[to]++
	}
	var queue []string
	for _, n := range l.nodes {
		if indeg[n.Name] == 0 {
			queue = append(queue, n.Name)
		}
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, w := range succ[v] {
			l.layer[w] = max(l.layer[w], l.layer[v]+1)
			if indeg[w]--; indeg[w] == 0 {
				queue = append(queue, w)
			}
		}
	}
	depth := 0
	for _, n := range l.nodes {
		depth = max(depth, l.layer[n.Name]+1)
	}
	l.layers = make([][]string, depth)
	for _, n := range l.nodes {
		d := l.layer[n.Name]
		l.layers[d] = append(l.layers[d], n.Name)
	}
	l.renumber()

	// Order inside layers: barycentre of the neighbours in the layer
	// before (down sweep) or after (up sweep).
	for range 4 {
		for d := 1; d < len(l.layers); d++ {
			l.sortLayer(d, pred)
		}
		for d := len(l.layers) - 2; d >= 0; d-- {
			l.sortLayer(d, succ)
		}
	}
	return l
}

func (l *layout) renumber() {
	for _, names := range l.layers {
		for i, n := range names {
			l.pos[n] = i
		}
	}
}

func (l *layout) sortLayer(d int, nb map[string][]string) {
	bary := map[string]float64{}
	for _, v := range l.layers[d] {
		sum, n := 0.0, 0
		for _, w := range nb[v] {
			sum += float64(l.pos[w])
			n++
		}
		if n == 0 {
			bary[v] = float64(l.pos[v])
		} else {
			bary[v] = sum / float64(n)
		}
	}
	slices.SortStableFunc(l.layers[d], func(a, b string) int {
		return cmp.Or(cmp.Compare(bary[a], bary[b]), strings.Compare(a, b))
	})
	for i, n := range l.layers[d] {
		l.pos[n] = i
	}
}

// svg draws the layout. Nodes are links to the manuals' pages (relative to
// the graph page at the site root).
func (l *layout) svg() (svg string, width, height int) {
	if len(l.nodes) == 0 {
		return "", 0, 0
	}
	rows := 0
	for _, names := range l.layers {
		rows = max(rows, len(names))
	}
	width = 2*gMargin + (len(l.layers)-1)*gColumn + gNodeW
	height = 2*gMargin + (rows-1)*gRow + gNodeH
	xy := func(n string) (int, int) {
		d := l.layer[n]
		off := (rows - len(l.layers[d])) * gRow / 2
		return gMargin + d*gColumn, gMargin + off + l.pos[n]*gRow
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="graph" xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="group" aria-label="Cross-reference graph: %d manuals, %d references">`,
		width, height, width, height, len(l.nodes), len(l.edges))
	b.WriteString(`<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path class="arrow" d="M0 0L10 5L0 10z"/></marker></defs>`)
	b.WriteString(`<g class="edges" aria-hidden="true">`)
	for _, e := range l.edges {
		x1, y1 := xy(e.From)
		x2, y2 := xy(e.To)
		y1 += gNodeH / 2
		y2 += gNodeH / 2
		class := "edge"
		if l.reversed[e] {
			// A reference back to an earlier layer: leave from the left
			// side, arrive on the right side, bowing outwards.
			class = "edge back"
			x2 += gNodeW
			bow := gColumn/2 + 20*abs(l.layer[e.From]-l.layer[e.To])
			fmt.Fprintf(&b, `<path class="%s" d="M%d %dC%d %d %d %d %d %d" marker-end="url(#arrow)"/>`,
				class, x1, y1, x1-bow, y1, x2+bow, y2, x2, y2)
			continue
		}
		x1 += gNodeW
		dx := (x2 - x1) / 2
		fmt.Fprintf(&b, `<path class="%s" d="M%d %dC%d %d %d %d %d %d" marker-end="url(#arrow)"/>`,
			class, x1, y1, x1+dx, y1, x2-dx, y2, x2, y2)
	}
	b.WriteString(`</g><g class="nodes">`)
	byName := map[string]graphNode{}
	for _, n := range l.nodes {
		byName[n.Name] = n
	}
	for _, names := range l.layers {
		for _, name := range names {
			n := byName[name]
			x, y := xy(name)
			class := "node"
			if n.Errors {
				class += " has-errors"
			}
			label := name
			if r := []rune(label); len(r) > gLabel {
				label = string(r[:gLabel-1]) + "…"
			}
			title := name
			if n.Summary != "" {
				title += ": " + n.Summary
			}
			fmt.Fprintf(&b, `<a class="%s" href="%s"><title>%s</title><rect x="%d" y="%d" width="%d" height="%d" rx="4"/><text x="%d" y="%d">%s</text></a>`,
				class, html.EscapeString(n.URL), html.EscapeString(title), x, y, gNodeW, gNodeH, x+8, y+gNodeH/2+4, html.EscapeString(label))
		}
	}
	b.WriteString(`</g></svg>`)
	return b.String(), width, height
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
