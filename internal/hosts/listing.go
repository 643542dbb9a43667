package hosts

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/lorekit/lore/internal/hosts/profiles"
)

// line renders template t for entry e with description d.
func line(p *profiles.Profile, t string, e *Entry, d string) string {
	return expand(t, func(key string) (string, bool) {
		switch key {
		case "name":
			return e.Name, true
		case "description":
			return d, true
		case "path":
			return entryPath(p, e.Name), true
		}
		return "", false
	})
}

// expand replaces each {key} of t that value knows, in one pass (a value
// is never expanded again).
func expand(t string, value func(string) (string, bool)) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(t, '{')
		if i < 0 {
			b.WriteString(t)
			return b.String()
		}
		j := strings.IndexByte(t[i:], '}')
		if j < 0 {
			b.WriteString(t)
			return b.String()
		}
		if v, ok := value(t[i+1 : i+j]); ok {
			b.WriteString(t[:i])
			b.WriteString(v)
		} else {
			b.WriteString(t[:i+j+1])
		}
		t = t[i+j+1:]
	}
}

// entryPath is the path the host prints for a skill: the profile's root
// joined with the skill's exported path.
func entryPath(p *profiles.Profile, name string) string {
	rel := strings.ReplaceAll(p.Export.Path, "{name}", name)
	if p.Listing.Root == "" {
		return rel
	}
	return path.Join(p.Listing.Root, rel)
}

// prefix returns the first n characters of s.
func prefix(s string, n int) string {
	i := 0
	for k := range s {
		if i == n {
			return s[:k]
		}
		i++
	}
	return s
}

// simulateListing renders host p's listing of srcs for a context window of
// window tokens (0: the profile's).
func simulateListing(p *profiles.Profile, srcs []*Source, window int, idf *IDF) *Listing {
	l := p.Listing
	b := listingBudget(l, window)
	out := &Listing{Budget: b.limit, Unit: b.unit(), BudgetFrom: b.from, Confidence: l.Confidence, Note: l.Note,
		WorstCase: l.Order == "usage" && l.Overflow == "drop-descriptions"}

	// The per-entry room a lore manual's description is written for: the
	// host's cut, or under an even shortening the share of the budget
	// left after every bare line.
	room := l.EntryChars
	var entries []*Entry
	build := func() {
		entries = entries[:0]
		for i, s := range srcs {
			e := &Entry{Name: s.Name, Manual: s.Manual, Source: s.M.Path, triggers: s.Triggers, order: i, m: s.M}
			if s.Skill {
				var parts []string
				for _, f := range l.Fields {
					if t := metaText(s.M, f); t != "" {
						parts = append(parts, t)
					}
				}
				e.description = strings.Join(parts, " ")
			} else {
				e.description = Describe(summaryOf(s.M), s.Triggers, idf, room)
			}
			entries = append(entries, e)
		}
	}
	build()
	if l.Overflow == "shorten-then-omit" && b.limit > 0 {
		full, bare, n := 0, 0, 0
		for _, e := range entries {
			full += b.cost(line(p, l.Entry, e, e.description))
			bare += b.cost(line(p, l.Bare, e, ""))
			n++
		}
		if full > b.limit && n > 0 && b.limit > bare {
			share := (b.limit - bare) / n
			if b.tokens {
				share *= b.cpt
			}
			if room == 0 || share < room {
				room = max(share, 1)
			}
			build()
		}
	}
	out.room = room
	slices.SortStableFunc(entries, func(a, b *Entry) int {
		return cmp.Or(strings.Compare(a.Name, b.Name), strings.Compare(a.Source, b.Source))
	})

	var live []*Entry
	re := namePattern(p)
	for _, e := range entries {
		e.Chars = utf8.RuneCountInString(e.description)
		e.Shown = e.Chars
		e.State = Full
		if why := nameProblem(p, re, e.Name); why != "" && p.Skills.Name.OnInvalid == "reject" {
			e.State, e.Reason, e.Shown = Rejected, why+": the skill is not loaded", 0
		} else if why := descriptionProblem(p, e.Chars); why != "" {
			e.State, e.Reason, e.Shown = Rejected, why, 0
		} else if l.EntryChars > 0 && e.Chars > l.EntryChars {
			e.State, e.Shown = Cut, l.EntryChars
			e.Reason = fmt.Sprintf("%s lists %s characters of each entry's %s; this one has %s", p.Name, thousands(l.EntryChars), strings.Join(l.Fields, " and "), thousands(e.Chars))
		}
		if e.State != Rejected {
			live = append(live, e)
		}
	}
	render := func(e *Entry) string {
		if e.Shown == 0 {
			return line(p, l.Bare, e, "")
		}
		return line(p, l.Entry, e, prefix(e.description, e.Shown))
	}
	for _, e := range live {
		out.Full += b.cost(render(e))
	}
	out.Over = b.limit > 0 && out.Full > b.limit
	if out.Over {
		switch l.Overflow {
		case "drop-descriptions":
			dropDescriptions(p, b, live, render, out)
		case "shorten-then-omit":
			shortenThenOmit(p, b, live)
		}
	}
	var text strings.Builder
	for _, e := range entries {
		if e.State == Rejected || e.State == Omitted {
			e.Lost = lost(e.description, 0, e.triggers)
			continue
		}
		e.Line = render(e)
		e.Cost = b.cost(e.Line)
		out.Used += e.Cost
		text.WriteString(e.Line + "\n")
		e.Lost = lost(e.description, e.Shown, e.triggers)
	}
	out.Text = text.String()
	out.Entries = entries
	for _, e := range entries {
		switch e.State {
		case Cut:
			out.Cut++
		case Shortened:
			out.Shortened++
		case Dropped:
			out.Dropped++
		case Omitted:
			out.Omitted++
		case Rejected:
			out.Rejected++
		}
		if e.State != Rejected && e.State != Omitted {
			out.Listed++
		}
	}
	return out
}

// dropDescriptions drops whole descriptions until the listing fits. The
// host drops the least used first; lore cannot know usage, so it shows
// the worst case: the shortest descriptions go first, which loses the
// most of them. MinDropped is the best case (the longest first), and
// every description still listed is at risk.
func dropDescriptions(p *profiles.Profile, b budget, live []*Entry, render func(*Entry) string, out *Listing) {
	saving := func(e *Entry) int {
		full := b.cost(render(e))
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

// functionWords are English words that carry no trigger of their own.
var functionWords = []string{"the", "and", "for", "you", "your", "use", "when", "with", "this", "that", "are", "any", "user", "asks", "wants", "needs", "about", "into", "from", "how", "what", "has", "have", "its", "not", "was", "will", "can", "should", "need", "like", "such", "also", "etc"}

var clauseMarks = []string{"use this skill when", "use this when", "use when", "use it when", "use for", "use this for", "triggers:", "trigger words:", "when the user"}

// lost returns the trigger words of a description of which the host shows
// the first shown characters that fall after the cut: the manual's
// declared triggers found in the description, or without any, the words
// of its "Use when …" clause.
func lost(desc string, shown int, triggers []string) []string {
	lower := strings.ToLower(desc)
	// runeAt counts the characters before a byte offset, going forward
	// from the last offset asked for (callers ask in increasing order).
	lastByte, lastRune := 0, 0
	runeAt := func(byteIdx int) int {
		if byteIdx < lastByte {
			lastByte, lastRune = 0, 0
		}
		lastRune += utf8.RuneCountInString(lower[lastByte:byteIdx])
		lastByte = byteIdx
		return lastRune
	}
	var out []string
	if len(triggers) > 0 {
		for _, t := range triggers {
			lt := strings.ToLower(strings.Join(strings.Fields(t), " "))
			i := strings.Index(lower, lt)
			if lt == "" || i < 0 {
				continue
			}
			if runeAt(i)+utf8.RuneCountInString(lt) > shown {
				out = append(out, t)
			}
		}
		return out
	}
	start := -1
	for _, m := range clauseMarks {
		if i := strings.Index(lower, m); i >= 0 && (start < 0 || i < start) {
			start = i + len(m)
		}
	}
	if start < 0 {
		return nil
	}
	end := len(lower)
	if j := strings.IndexAny(lower[start:], ".!?"); j >= 0 {
		end = start + j
	}
	pos := start
	for _, w := range strings.FieldsFunc(lower[start:end], func(r rune) bool {
		return r == ' ' || r == ',' || r == ';' || r == ':' || r == '"' || r == '\'' || r == '(' || r == ')'
	}) {
		i := strings.Index(lower[pos:end], w)
		if i < 0 {
			continue
		}
		at := pos + i
		pos = at + len(w)
		if runeAt(at)+utf8.RuneCountInString(w) > shown && utf8.RuneCountInString(w) >= 3 && !slices.Contains(functionWords, w) {
			out = append(out, w)
		}
	}
	return out
}
