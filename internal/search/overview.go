package search

import (
	"path"
	"regexp"
	"strings"
)

// A routing overview (overview.md or <family>-overview.md, as
// manual.IsOverview) is an entry point: a list of manual_read routes to
// the manuals of its area. It matches the general words of a request ("show
// in chat", "anzeigen") that its routes match too, so it tends to rank
// first when the request is in its area, while the route with the specific
// word ("Balkendiagramm") is what the agent needs. Two rules keep the
// overview from standing in front of its own routes:
//
//   - ranking: a manual an overview routes to, ranked below it among the
//     first overviewWindow candidates, moves just above it when its routing
//     fields hold a word of the intent that the overview's do not, and that
//     word weighs more than every word the overview holds and it does not
//     (the intent's most specific word is the route's);
//   - decision: an overview that routes to the best candidate does not
//     compete with it for the margin (see loads).
//
// Without such a word, the route stays below: "show it in the chat" and
// "what kinds of things can I display" are the overview's.
const overviewWindow = 5

// routeCall finds the manuals a text routes to.
var routeCall = regexp.MustCompile(`manual_read\(\s*['"]([A-Za-z0-9][A-Za-z0-9._-]*)['"]\s*\)`)

// isOverview reports whether the catalog entry at root-relative path rel
// is a routing overview.
func isOverview(rel string) bool {
	base := strings.ToLower(path.Base(rel))
	return base == "overview.md" || strings.HasSuffix(base, "-overview.md")
}

// placeOverviews fills in the routes of the overviews among hits and
// reorders hits by the ranking rule above.
func (c *Catalog) placeOverviews(hits []Hit, weights []float64) error {
	window := min(len(hits), overviewWindow)
	for i := range window {
		if !isOverview(hits[i].Rel) {
			continue
		}
		text, err := c.readContent(hits[i].at)
		if err != nil {
			return err
		}
		for _, m := range routeCall.FindAllStringSubmatch(text, -1) {
			hits[i].routes = appendNew(hits[i].routes, m[1])
		}
	}
	for i := 0; i < window; i++ {
		o := hits[i]
		if len(o.routes) == 0 {
			continue
		}
		for j := i + 1; j < window; j++ {
			m := hits[j]
			if heavier(m.mask&^o.mask, o.mask&^m.mask, weights) && containsName(o.routes, m.Name) {
				copy(hits[i+1:j+1], hits[i:j])
				hits[i] = m
				break
			}
		}
	}
	return nil
}

// heavier reports whether the heaviest word of mask a (bits are word
// indexes) weighs more than every word of mask b.
func heavier(a, b uint64, weights []float64) bool {
	top := func(m uint64) float64 {
		w := 0.0
		for i := 0; i < len(weights) && i < 64; i++ {
			if m&(1<<i) != 0 {
				w = max(w, weights[i])
			}
		}
		return w
	}
	return a != 0 && top(a) > top(b)
}

func containsName(names []string, n string) bool {
	for _, x := range names {
		if x == n {
			return true
		}
	}
	return false
}
