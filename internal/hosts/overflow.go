package hosts

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/lorekit/lore/internal/hosts/profiles"
)

// dropDescriptions drops whole descriptions until the listing fits. The
// host drops the least used first; lore cannot know usage, so it shows
// the worst case: the shortest descriptions go first, which loses the
// most of them. MinDropped is the best case (the longest first), and
// every description still listed is at risk.
func dropDescriptions(p *profiles.Profile, b budget, live []*Entry, out *Listing) {
	saving := func(e *Entry) int {
		full := b.cost(entryLine(p, e))
		return full - b.cost(line(p, p.Listing.Bare, e, ""))
	}
	need := out.Full - b.limit
	order := func(longestFirst bool) []*Entry {
		o := slices.Clone(live)
		slices.SortStableFunc(o, func(x, y *Entry) int {
			c := cmp.Compare(x.Shown, y.Shown)
			if longestFirst {
				c = -c
			}
			return cmp.Or(c, strings.Compare(x.Name, y.Name))
		})
		return o
	}
	for _, e := range order(true) {
		if need <= 0 {
			break
		}
		if e.Shown > 0 {
			need -= saving(e)
			out.MinDropped++
		}
	}
	need = out.Full - b.limit
	for _, e := range order(false) {
		if need <= 0 {
			if e.Shown > 0 {
				e.AtRisk = true
			}
			continue
		}
		if e.Shown == 0 {
			continue
		}
		need -= saving(e)
		e.State, e.Shown = Dropped, 0
		e.Reason = fmt.Sprintf("the listing is over %s's budget; it drops the descriptions of the least-used skills first, and in the worst case (usage unknown) this one", p.Name)
	}
}

// shortenThenOmit is Codex's overflow: when every entry fits without its
// description, the room left is handed out one character at a time, round
// robin over the entries in order, so short descriptions stay whole and
// long ones are shortened evenly; otherwise entries are kept without
// descriptions in order while they fit and the rest are left out.
func shortenThenOmit(p *profiles.Profile, b budget, live []*Entry) {
	bare := make([]int, len(live))
	minimum := 0
	for i, e := range live {
		bare[i] = b.cost(line(p, p.Listing.Bare, e, ""))
		minimum += bare[i]
	}
	if minimum > b.limit {
		used := 0
		for i, e := range live {
			e.Shown = 0
			if used+bare[i] <= b.limit {
				used += bare[i]
				e.State = Dropped
				e.Reason = fmt.Sprintf("%s's budget does not hold every skill even without descriptions: all descriptions are removed", p.Name)
			} else {
				e.State = Omitted
				e.Reason = fmt.Sprintf("not listed: %s's budget is spent by the skills before it", p.Name)
			}
		}
		return
	}
	// The cost of an entry with k description characters, less its bare
	// cost: the empty-description line plus k characters.
	type room struct {
		chars, bytes int
		pre          []int // byte length of the first k characters
	}
	rooms := make([]room, len(live))
	for i, e := range live {
		empty := line(p, p.Listing.Entry, e, "")
		r := room{chars: utf8.RuneCountInString(empty) + 1, bytes: len(empty) + 1, pre: []int{0}}
		n := 0
		for _, c := range prefix(e.description, e.Shown) {
			n += utf8.RuneLen(c)
			r.pre = append(r.pre, n)
		}
		rooms[i] = r
	}
	extra := func(i, k int) int {
		if k == 0 {
			return 0
		}
		return b.costOf(rooms[i].chars+k, rooms[i].bytes+rooms[i].pre[k]) - bare[i]
	}
	alloc := make([]int, len(live))
	remaining := b.limit - minimum
	for changed := true; changed; {
		changed = false
		for i := range live {
			if alloc[i] >= len(rooms[i].pre)-1 {
				continue
			}
			if d := extra(i, alloc[i]+1) - extra(i, alloc[i]); d <= remaining {
				alloc[i]++
				remaining -= d
				changed = true
			}
		}
	}
	for i, e := range live {
		if alloc[i] < e.Shown {
			was := e.Shown
			e.Shown = alloc[i]
			if e.Shown == 0 {
				e.State = Dropped
			} else {
				e.State = Shortened
			}
			e.Reason = fmt.Sprintf("%s shortens every description evenly to fit its budget: %s of %s characters listed", p.Name, thousands(e.Shown), thousands(was))
		}
	}
}
