package prompt

import (
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/prompt/facts"
)

// sources returns the prompt files the bundles of r read.
func (b *baker) sources(r *config.Recipe) []string {
	var out []string
	if e := b.s.Engine(r.Engine); e != nil {
		out = append(out, e.Path)
	}
	if r.Addons {
		for _, f := range b.s.Fragments[r.Engine] {
			out = append(out, f.Path)
		}
	}
	for _, name := range r.Blocks {
		if lb := b.s.Library[name]; lb != nil {
			if lb.Base != nil {
				out = append(out, lb.Base.Path)
			}
			for _, v := range lb.Variants {
				out = append(out, v.Path)
			}
		}
	}
	ids := map[string]bool{"shared": true, "project": true}
	for _, sf := range r.Surfaces {
		ids["surface/"+sf] = true
	}
	for _, role := range r.Roles {
		ids["agents/"+role] = true
		ids["surface/"+workerSurface] = true // a role bundle's surface
	}
	if r.Bot != "" {
		ids["bot/"+r.Bot] = true
	}
	if r.Chat != "" {
		ids["chat/"+r.Chat] = true
	}
	for _, l := range b.s.Layers {
		if ids[l.Layer] {
			out = append(out, l.Path)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// hooks records every manual_read('name') of r's prompt files outside code
// fences, with the text around it that may say when to load it (seed 000
// §4): the hook's list item or paragraph, and the lead-in paragraph of its
// list.
func (b *baker) hooks(r *config.Recipe) {
	for _, p := range b.sources(r) {
		src := b.s.Files[p]
		inFence := fenceLines(string(src))
		lines := strings.Split(string(src), "\n")
		units := newUnits(lines)
		for _, ref := range manual.ManualReads(src, nil) {
			if inFence(ref.Line) {
				continue
			}
			u := units.of(ref.Line - 1)
			b.f.Hooks = append(b.f.Hooks, facts.Hook{Recipe: r, File: p, Line: ref.Line, Col: ref.Col, Target: ref.Target,
				UnitLine: u.first + 1, Unit: u.text, LeadIn: u.leadIn})
		}
	}
}

// leadIn returns the paragraph above the list whose item starts on line
// first, or "" when a heading or nothing comes before the list.
func leadIn(lines []string, first int) string {
	j := first - 1
	for j >= 0 && strings.TrimSpace(lines[j]) != "" && (bulletLenOf(lines[j]) > 0 || strings.HasPrefix(lines[j], " ")) {
		j--
	}
	for j >= 0 && strings.TrimSpace(lines[j]) == "" {
		j--
	}
	end := j
	for j >= 0 && strings.TrimSpace(lines[j]) != "" && !isHeading(lines[j]) {
		j--
	}
	return strings.Join(lines[j+1:end+1], "\n")
}

// unit is a list item or paragraph that holds hooks.
type unit struct {
	first  int // its first line, 0-based
	text   string
	leadIn string
}

// units finds the unit of each line of a prompt file once: a paragraph of
// thousands of hooks (one 2 MiB line or block of them) was walked, joined
// and judged again for every hook, n² in time and memory. Hooks of one
// unit share its text.
type units struct {
	lines  []string
	up     []int // first line of the unit of line i, -1 until known
	byLine map[int]*unit
}

func newUnits(lines []string) *units {
	up := make([]int, len(lines))
	for i := range up {
		up[i] = -1
	}
	return &units{lines: lines, up: up, byLine: map[int]*unit{}}
}

// of returns the unit holding line i, as unitOf finds it.
func (us *units) of(i int) *unit {
	first := us.firstOf(i)
	if u := us.byLine[first]; u != nil {
		return u
	}
	_, last := unitOf(us.lines, first)
	u := &unit{first: first, text: strings.Join(us.lines[first:last+1], " ")}
	if bulletLenOf(us.lines[first]) > 0 {
		u.leadIn = leadIn(us.lines, first)
	}
	us.byLine[first] = u
	return u
}

// firstOf is unitOf's first line of the unit of line i, remembered for
// every line it passes, so that each line is walked once.
func (us *units) firstOf(i int) int {
	var walked []int
	first := i
	for us.up[first] < 0 {
		walked = append(walked, first)
		if first == 0 || bulletLenOf(us.lines[first]) > 0 || isHeading(us.lines[first]) {
			us.up[first] = first
			break
		}
		prev := us.lines[first-1]
		if strings.TrimSpace(prev) == "" || isHeading(prev) {
			us.up[first] = first
			break
		}
		if bulletLenOf(prev) > 0 {
			us.up[first] = first - 1
			break
		}
		first--
	}
	f := us.up[first]
	for _, w := range walked {
		us.up[w] = f
	}
	return f
}

// unitOf returns the first and last line of the list item or paragraph
// holding line i.
func unitOf(lines []string, i int) (int, int) {
	first := i
	for first > 0 && bulletLenOf(lines[first]) == 0 && !isHeading(lines[first]) {
		prev := lines[first-1]
		if strings.TrimSpace(prev) == "" || isHeading(prev) {
			break
		}
		first--
		if bulletLenOf(prev) > 0 {
			break
		}
	}
	last := i
	for last+1 < len(lines) {
		next := lines[last+1]
		if strings.TrimSpace(next) == "" || isHeading(next) || bulletLenOf(next) > 0 && !strings.HasPrefix(next, "  ") {
			break
		}
		last++
	}
	return first, last
}

func isHeading(l string) bool { return strings.HasPrefix(strings.TrimSpace(l), "#") }

func bulletLenOf(l string) int {
	t := strings.TrimLeft(l, " ")
	if len(t) >= 2 && (t[0] == '-' || t[0] == '*' || t[0] == '+') && t[1] == ' ' {
		return 2
	}
	n := 0
	for n < len(t) && t[n] >= '0' && t[n] <= '9' {
		n++
	}
	if n > 0 && n+1 < len(t) && (t[n] == '.' || t[n] == ')') && t[n+1] == ' ' {
		return n + 2
	}
	return 0
}
