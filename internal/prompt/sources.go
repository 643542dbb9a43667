package prompt

import (
	"fmt"
	"strings"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/config"
)

// Source is a manual an engine can load, as {{ sources }} lists it.
type Source struct {
	Name, Summary string
}

// sourceList is the rendered {{ sources }} of one recipe and how it fits
// its budget.
type sourceList struct {
	text string
	info bundle.Sources
}

// listSources renders the manuals of srcs (in order) as {{ sources }}: one
// line each, "- name: summary", as many as fit budget tokens (count
// counts them; nil estimates four bytes a token), then, when some did not
// fit, a line that points to manual_list() (seed 000 §11: the prompt that
// lets the model choose gets the catalog, within a budget).
func listSources(srcs []Source, budget int, count func(string) int) sourceList {
	if count == nil {
		count = func(s string) int { return (len(s) + 3) / 4 }
	}
	lines := make([]string, len(srcs))
	for i, s := range srcs {
		lines[i] = "- " + s.Name
		if sum := strings.Join(strings.Fields(s.Summary), " "); sum != "" {
			lines[i] += ": " + sum
		}
	}
	render := func(n int) string {
		text := strings.Join(lines[:n], "\n")
		if n < len(lines) {
			more := fmt.Sprintf("- … and %d more: manual_list() lists every manual you can load.", len(lines)-n)
			if n == 0 {
				more = fmt.Sprintf("- %d manuals: manual_list() lists every manual you can load.", len(lines))
			}
			text = strings.TrimPrefix(text+"\n"+more, "\n")
		}
		return text
	}
	// The longest prefix of the list that fits: lines are counted one by
	// one, then the whole text is counted and shortened while it exceeds
	// the budget (tokens of a join are close to the sum of the parts).
	n, used := 0, 0
	for n < len(lines) {
		c := count(lines[n] + "\n")
		if used+c > budget {
			break
		}
		used += c
		n++
	}
	text := render(n)
	for n > 0 && count(text) > budget {
		n--
		text = render(n)
	}
	return sourceList{text: text, info: bundle.Sources{Budget: budget, Tokens: count(text), Listed: n, Available: len(lines)}}
}

// sourcesOf returns recipe r's {{ sources }}, computed once per recipe.
func (b *baker) sourcesOf(r *config.Recipe) sourceList {
	if l, ok := b.sourceLists[r]; ok {
		return l
	}
	var srcs []Source
	if b.o.Sources != nil {
		srcs = b.o.Sources(r)
	}
	budget := r.SourcesBudget
	if budget <= 0 {
		budget = config.DefaultSourcesBudget
	}
	l := listSources(srcs, budget, b.o.Count)
	b.sourceLists[r] = l
	return l
}
