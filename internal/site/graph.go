package site

import (
	"cmp"
	"fmt"
	"html"
	"slices"
	"strconv"
	"strings"
)

// graphNode is a manual (or a folder) in the cross-reference graph.
type graphNode struct {
	Name    string // what edges name it by
	Label   string // what the drawing shows ("": Name)
	URL     string // from the site root
	Summary string
	Errors  bool
}

// graphEdge is a reference from one manual to another.
type graphEdge struct{ From, To string }

// Limits of a drawing: beyond them a layered drawing is unreadable and
// slow to make, and the graph page falls back to folders, then to text.
const (
	maxGraphNodes = 300
	maxGraphBends = 20000
)

// Geometry of the drawing, in SVG user units.
const (
	gColumn = 260 // distance between layers
	gRow    = 32  // distance between slots of a layer
	gNodeW  = 200
	gNodeH  = 22
	gMargin = 12
	gLabel  = 28 // characters of a label before it is cut
)

// layout is a layered drawing: every node, and every bend of an edge that
// spans several layers, gets a layer (column) and a slot inside it.
type layout struct {
	nodes  []graphNode
	edges  []graphEdge // the references drawn, sorted
	routes []route
	layer  map[string]int
	slot   map[string]int
	layers [][]string
}

// route is an edge as drawn: through the layers from its upper end to its
// lower end, with a bend per layer in between. Back is set when the
// reference points the other way (it closes a cycle).
type route struct {
	Points []string // node, bends…, node
	Back   bool
}

// layoutGraph places the nodes that take part in an edge with a
// Sugiyama-style layered layout: cycles broken by a depth-first search,
// layers by longest path, long edges split into bends, order inside
// layers by barycentre sweeps. Every step is deterministic (ties broken
// by name). It returns nil when the graph is over maxGraphNodes nodes or
// maxGraphBends bends.
func layoutGraph(nodes []graphNode, edges []graphEdge) *layout {
	l := &layout{layer: map[string]int{}, slot: map[string]int{}}
	l.keepEdges(nodes, edges)
	if len(l.nodes) > maxGraphNodes {
		return nil
	}
	reversed := l.breakCycles(l.successors())
	l.assignLayers(reversed)
	if l.bends() > maxGraphBends {
		return nil
	}
	up, down := l.route(reversed)
	l.fillLayers()
	l.orderLayers(up, down)
	return l
}

// keepEdges keeps the distinct edges between two different known nodes,
// sorted, and the nodes they touch.
func (l *layout) keepEdges(nodes []graphNode, edges []graphEdge) {
	known := make(map[string]bool, len(nodes))
	for _, n := range nodes {
		known[n.Name] = true
	}
	// Sorted, then the repeats dropped: a set of the edges seen would be
	// tens of megabytes at thousands of manuals.
	for _, e := range edges {
		if e.From != e.To && known[e.From] && known[e.To] {
			l.edges = append(l.edges, e)
		}
	}
	slices.SortFunc(l.edges, func(a, b graphEdge) int { return cmp.Or(strings.Compare(a.From, b.From), strings.Compare(a.To, b.To)) })
	l.edges = slices.Compact(l.edges)
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
}

// successors returns each node's successors along the edges kept.
func (l *layout) successors() map[string][]string {
	out := map[string][]string{}
	for _, e := range l.edges {
		out[e.From] = append(out[e.From], e.To)
	}
	return out
}

// breakCycles returns the edges to reverse: those that lead back to a
// node on the stack of a depth-first search.
func (l *layout) breakCycles(out map[string][]string) map[graphEdge]bool {
	reversed := map[graphEdge]bool{}
	state := map[string]int{} // 1 on the stack, 2 done
	var dfs func(string)
	dfs = func(v string) {
		state[v] = 1
		for _, w := range out[v] {
			switch state[w] {
			case 0:
				dfs(w)
			case 1:
				reversed[graphEdge{v, w}] = true
			}
		}
		state[v] = 2
	}
	for _, n := range l.nodes {
		if state[n.Name] == 0 {
			dfs(n.Name)
		}
	}
	return reversed
}

// assignLayers puts each node in a layer by the longest path over the
// acyclic edges (Kahn, FIFO queue in name order).
func (l *layout) assignLayers(reversed map[graphEdge]bool) {
	succ := map[string][]string{}
	indeg := map[string]int{}
	for _, e := range l.edges {
		a, b := l.ends(e, reversed)
		succ[a] = append(succ[a], b)
		indeg[b]++
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
}

// ends returns an edge's upper and lower end (a reversed edge is drawn
// the other way).
func (l *layout) ends(e graphEdge, reversed map[graphEdge]bool) (string, string) {
	if reversed[e] {
		return e.To, e.From
	}
	return e.From, e.To
}

// bends counts the bends the edges need: one per layer an edge crosses.
func (l *layout) bends() int {
	n := 0
	for _, e := range l.edges {
		n += abs(l.layer[e.From]-l.layer[e.To]) - 1
	}
	return n
}

// route makes the routes, with a bend in every layer a long edge crosses,
// and returns each point's neighbours in the layer before and after.
// Bend names start with a NUL byte, which no manual name contains.
func (l *layout) route(reversed map[graphEdge]bool) (up, down map[string][]string) {
	up, down = map[string][]string{}, map[string][]string{}
	for i, e := range l.edges {
		a, b := l.ends(e, reversed)
		r := route{Points: []string{a}, Back: reversed[e]}
		for d := l.layer[a] + 1; d < l.layer[b]; d++ {
			bend := "\x00" + strconv.Itoa(i) + "." + strconv.Itoa(d)
			l.layer[bend] = d
			r.Points = append(r.Points, bend)
		}
		r.Points = append(r.Points, b)
		for j := 1; j < len(r.Points); j++ {
			up[r.Points[j]] = append(up[r.Points[j]], r.Points[j-1])
			down[r.Points[j-1]] = append(down[r.Points[j-1]], r.Points[j])
		}
		l.routes = append(l.routes, r)
	}
	return up, down
}

// fillLayers lists the nodes, then the bends, of every layer.
func (l *layout) fillLayers() {
	depth := 0
	for _, d := range l.layer {
		depth = max(depth, d+1)
	}
	l.layers = make([][]string, depth)
	for _, n := range l.nodes {
		l.layers[l.layer[n.Name]] = append(l.layers[l.layer[n.Name]], n.Name)
	}
	for _, r := range l.routes {
		for _, p := range r.Points[1 : len(r.Points)-1] {
			l.layers[l.layer[p]] = append(l.layers[l.layer[p]], p)
		}
	}
	l.renumber()
}

// orderLayers orders the points inside the layers by the barycentre of
// their neighbours in the layer before (down sweep), then after (up
// sweep).
func (l *layout) orderLayers(up, down map[string][]string) {
	for range 4 {
		for d := 1; d < len(l.layers); d++ {
			l.sortLayer(d, up)
		}
		for d := len(l.layers) - 2; d >= 0; d-- {
			l.sortLayer(d, down)
		}
	}
}

func (l *layout) renumber() {
	for _, names := range l.layers {
		for i, n := range names {
			l.slot[n] = i
		}
	}
}

func (l *layout) sortLayer(d int, nb map[string][]string) {
	bary := map[string]float64{}
	for _, v := range l.layers[d] {
		sum, n := 0.0, 0
		for _, w := range nb[v] {
			sum += float64(l.slot[w])
			n++
		}
		if n == 0 {
			bary[v] = float64(l.slot[v])
		} else {
			bary[v] = sum / float64(n)
		}
	}
	slices.SortStableFunc(l.layers[d], func(a, b string) int {
		return cmp.Or(cmp.Compare(bary[a], bary[b]), strings.Compare(a, b))
	})
	for i, n := range l.layers[d] {
		l.slot[n] = i
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
		return gMargin + d*gColumn, gMargin + off + l.slot[n]*gRow + gNodeH/2
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="graph" xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="group" aria-label="Cross-reference graph: %d manuals, %d references">`,
		width, height, width, height, len(l.nodes), len(l.edges))
	b.WriteString(`<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path class="arrow" d="M0 0L10 5L0 10z"/></marker></defs>`)
	b.WriteString(`<g class="edges" aria-hidden="true">`)
	for _, r := range l.routes {
		// Leave the upper node on its right side, cross every bend's
		// column straight, arrive on the lower node's left side.
		x, y := xy(r.Points[0])
		x += gNodeW
		var d strings.Builder
		fmt.Fprintf(&d, "M%d %d", x, y)
		for i, p := range r.Points[1:] {
			nx, ny := xy(p)
			dx := (nx - x) / 2
			fmt.Fprintf(&d, "C%d %d %d %d %d %d", x+dx, y, nx-dx, ny, nx, ny)
			x, y = nx, ny
			if i < len(r.Points)-2 {
				x += gNodeW
				fmt.Fprintf(&d, "L%d %d", x, y)
			}
		}
		if r.Back {
			fmt.Fprintf(&b, `<path class="edge back" d="%s" marker-start="url(#arrow)"/>`, d.String())
		} else {
			fmt.Fprintf(&b, `<path class="edge" d="%s" marker-end="url(#arrow)"/>`, d.String())
		}
	}
	b.WriteString(`</g><g class="nodes">`)
	for _, n := range l.nodes {
		x, y := xy(n.Name)
		y -= gNodeH / 2
		class := "node"
		if n.Errors {
			class += " has-errors"
		}
		label := n.label()
		if r := []rune(label); len(r) > gLabel {
			label = string(r[:gLabel-1]) + "…"
		}
		title := n.label()
		if n.Summary != "" {
			title += ": " + n.Summary
		}
		open, end := `<a class="`+class+`" href="`+html.EscapeString(n.URL)+`">`, "</a>"
		if n.URL == "" {
			open, end = `<g class="`+class+`">`, "</g>"
		}
		fmt.Fprintf(&b, `%s<title>%s</title><rect x="%d" y="%d" width="%d" height="%d" rx="4"/><text x="%d" y="%d">%s</text>%s`,
			open, html.EscapeString(title), x, y, gNodeW, gNodeH, x+8, y+gNodeH/2+4, html.EscapeString(label), end)
	}
	b.WriteString(`</g></svg>`)
	return b.String(), width, height
}

func (n graphNode) label() string {
	if n.Label != "" {
		return n.Label
	}
	return n.Name
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
