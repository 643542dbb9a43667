package mcpserver

import (
	"cmp"
	"slices"
	"strings"
)

// maxSuggestions bounds the close names an error offers.
const maxSuggestions = 3

// closeNames returns up to maxSuggestions of names that look like want:
// within a small edit distance, or containing it (or contained in it),
// best first.
func closeNames(want string, names []string) []string {
	w := strings.ToLower(want)
	if w == "" || len(w) > maxNameLen {
		return nil
	}
	type cand struct {
		name string
		dist int
	}
	limit := max(2, len([]rune(w))/3)
	var cands []cand
	for _, n := range names {
		l := strings.ToLower(n)
		d := editDistance(w, l)
		switch {
		case d <= limit:
		case len(w) >= 3 && (strings.Contains(l, w) || strings.Contains(w, l) && len(l) >= 3):
			d = limit + 1 + abs(len(l)-len(w))
		default:
			continue
		}
		cands = append(cands, cand{n, d})
	}
	slices.SortFunc(cands, func(a, b cand) int { return cmp.Or(cmp.Compare(a.dist, b.dist), cmp.Compare(a.name, b.name)) })
	var out []string
	for _, c := range cands {
		if len(out) == maxSuggestions {
			break
		}
		out = append(out, c.name)
	}
	return out
}

// editDistance is the Levenshtein distance of a and b in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
