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
	out.room = l.EntryChars
	entries := listEntries(p, srcs, idf, out.room)
	if share := evenShare(p, b, entries); share > 0 && (out.room == 0 || share < out.room) {
		out.room = share
		entries = listEntries(p, srcs, idf, out.room)
	}
	live := judgeEntries(p, entries)
	for _, e := range live {
		out.Full += b.cost(entryLine(p, e))
	}
	out.Over = b.limit > 0 && out.Full > b.limit
	if out.Over {
		switch l.Overflow {
		case "drop-descriptions":
			dropDescriptions(p, b, live, out)
		case "shorten-then-omit":
			shortenThenOmit(p, b, live)
		}
	}
	out.render(p, b, entries)
	out.count()
	return out
}

// listEntries returns an entry for each of srcs, sorted by name then
// source: a skill's description is its front-matter fields the host
// reads, a lore manual's the one Describe writes for room characters.
func listEntries(p *profiles.Profile, srcs []*Source, idf *IDF, room int) []*Entry {
	entries := make([]*Entry, 0, len(srcs))
	for i, s := range srcs {
		e := &Entry{Name: s.Name, Manual: s.Manual, Source: s.M.Path, triggers: s.Triggers, order: i, m: s.M}
		if s.Skill {
			var parts []string
			for _, f := range p.Listing.Fields {
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
	slices.SortStableFunc(entries, func(a, b *Entry) int {
		return cmp.Or(strings.Compare(a.Name, b.Name), strings.Compare(a.Source, b.Source))
	})
	return entries
}

// evenShare is, for a host that shortens every description evenly
// (shorten-then-omit), the characters each entry gets when the listing
// is over budget: the budget left after every bare line, shared out
// (at least 1). It is 0 when the host does not shorten, the listing
// fits, or not even the bare lines fit.
func evenShare(p *profiles.Profile, b budget, entries []*Entry) int {
	l := p.Listing
	if l.Overflow != "shorten-then-omit" || b.limit <= 0 || len(entries) == 0 {
		return 0
	}
	full, bare := 0, 0
	for _, e := range entries {
		full += b.cost(line(p, l.Entry, e, e.description))
		bare += b.cost(line(p, l.Bare, e, ""))
	}
	if full <= b.limit || b.limit <= bare {
		return 0
	}
	share := (b.limit - bare) / len(entries)
	if b.tokens {
		share *= b.cpt
	}
	return max(share, 1)
}

// judgeEntries applies host p's rules to each entry on its own: a name
// or description the host refuses, the per-entry cut. It returns the
// entries the host loads.
func judgeEntries(p *profiles.Profile, entries []*Entry) []*Entry {
	l := p.Listing
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
	return live
}

// entryLine is e's line in host p's listing: the bare line when no
// description is shown, else the entry line with the shown part of it.
func entryLine(p *profiles.Profile, e *Entry) string {
	if e.Shown == 0 {
		return line(p, p.Listing.Bare, e, "")
	}
	return line(p, p.Listing.Entry, e, prefix(e.description, e.Shown))
}

// render writes the listing as the host renders it: each listed entry's
// line and cost, what the cut or drop takes away, the text and its cost.
func (out *Listing) render(p *profiles.Profile, b budget, entries []*Entry) {
	for _, e := range entries {
		if !listed(e) {
			e.Lost = lost(e.description, 0, e.triggers)
			continue
		}
		e.Line = entryLine(p, e)
		e.Cost = b.cost(e.Line)
		out.Used += e.Cost
		e.Lost = lost(e.description, e.Shown, e.triggers)
	}
	out.Text = listingText(entries)
	out.Entries = entries
}

// listed reports whether e is a line of the listing: neither rejected nor
// omitted.
func listed(e *Entry) bool { return e.State != Rejected && e.State != Omitted }

// listingText is the listing as the host renders it: the line of every
// listed entry.
func listingText(entries []*Entry) string {
	var text strings.Builder
	for _, e := range entries {
		if listed(e) {
			text.WriteString(e.Line + "\n")
		}
	}
	return text.String()
}

// count counts the listing's entries by state.
func (out *Listing) count() {
	for _, e := range out.Entries {
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
}
