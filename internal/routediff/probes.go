package routediff

import (
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/lorekit/lore/internal/search"
)

// probe is a request routed on both sides: a manual's trigger or
// summary, or a labelled intent.
type probe struct {
	text string
	// of says whose request it is: "trigger of deploy", "summary of
	// deploy", "intent intents.tsv:3", each once, in the order found.
	of []string
	// owners are the paths of the manuals whose trigger or summary it
	// is, on either side.
	owners map[string]bool
	// now and was say whether a manual changed on that side (the work
	// tree's, the base's) touches it: it is routed there.
	now, was bool
}

// own reports whether the manual at rel is the only one whose request
// the probe is: a manual that answers its own new trigger takes nothing
// from another.
func (p *probe) own(rel string) bool {
	intent := slices.ContainsFunc(p.of, func(s string) bool { return strings.HasPrefix(s, "intent ") })
	return len(p.owners) == 1 && p.owners[rel] && !intent
}

// termSet is the index terms of a manual that changed (added, removed
// or edited, on either side), sorted: terms whose postings differ
// between the sides.
type termSet []string

// analyser analyses requests and manuals as the catalog does, each
// distinct word once (requests repeat their words a great deal).
type analyser struct {
	an   *search.Analysis
	memo sync.Map // word → []string (its forms; nil: a stop word)
}

func newAnalyser() (*analyser, error) {
	an, err := search.NewAnalysis()
	if err != nil {
		return nil, err
	}
	return &analyser{an: an}, nil
}

// termSet analyses text as the catalog indexes it (both languages) and
// keeps every term once.
func (a *analyser) termSet(text string) termSet {
	seen := map[string]bool{}
	for _, g := range a.forms(text) {
		for _, w := range g {
			seen[w] = true
		}
	}
	s := make(termSet, 0, len(seen))
	for w := range seen {
		s = append(s, w)
	}
	slices.Sort(s)
	return s
}

// forms are the words of text, each as the terms it is matched in: its
// English terms first (the first is its key), then its German terms, the
// English terms the thesaurus relates to it and the glossary renders it
// by, and the terms of its letters when it ends in digits (arm64 → arm).
// A stop word has none and is left out.
func (a *analyser) forms(text string) [][]string {
	var out [][]string
	for _, raw := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		g, ok := a.memo.Load(raw)
		if !ok {
			g, _ = a.memo.LoadOrStore(raw, a.word(raw))
		}
		if g := g.([]string); g != nil {
			out = append(out, g)
		}
	}
	return out
}

// word returns the forms of one word (forms), nil for a stop word.
func (a *analyser) word(raw string) []string {
	t := a.an.Terms(raw)
	if len(t.EN) == 0 {
		return nil
	}
	g := append(append([]string{}, t.EN...), t.DE...)
	for _, w := range t.EN {
		g = append(g, a.an.Related(w)...)
	}
	rs, _ := a.an.Renderings(raw)
	for _, r := range rs {
		g = append(g, r...)
	}
	if base := strings.TrimRightFunc(raw, unicode.IsDigit); base != raw && base != "" {
		g = append(g, a.an.Terms(base).EN...)
	}
	return g
}

// minShare is the least share of a request's weight a manual must hold
// to change its answer. A load needs a confidence of Thresholds.Load
// (0.25), and a runner-up blocks it only from Ratio (0.8) of that: 0.2.
// A manual's confidence is at most the share of the request's weight it
// holds (in its routing fields; in its headings and body less), so a
// manual holding less than 0.2 of every request's words can neither be
// loaded nor block a load.
const minShare = 0.2

// weights estimates how much each word of a request weighs, as the
// router's inverse document frequency does: from how many of n manuals'
// triggers, summaries and names hold it (df).
type weights struct {
	n  int
	df map[string]int
}

func (ws weights) of(term string) float64 {
	return math.Log(1 + float64(ws.n)/float64(1+ws.df[term]))
}

// touches reports whether some changed manual s holds at least minShare
// of the weight of the request whose words are forms: a word counts as
// held when one of its forms is in s, begins a term of s (the router's
// prefix expansion: postgres → postgresql), begins with a term of s, or
// shares all but its last two letters with one (other spellings,
// derivations and typos the router matches by an edit). It errs on the
// side of routing a probe: one routed in vain costs milliseconds, one
// left out hides a change.
func touches(changed []termSet, ws weights, forms [][]string) bool {
	var total float64
	for _, g := range forms {
		total += ws.of(g[0])
	}
	if total == 0 {
		return false
	}
	for _, s := range changed {
		var held float64
		for _, g := range forms {
			if slices.ContainsFunc(g, s.near) {
				held += ws.of(g[0])
			}
		}
		if held >= minShare*total {
			return true
		}
	}
	return false
}

// minPrefix is the shortest term the router expands by prefix
// (search's minPrefixLen).
const minPrefix = 4

// near reports whether the term w is in s, begins a term of s, begins
// with one, or shares all but its last two letters with one; a term
// shorter than minPrefix only when it is in s.
func (s termSet) near(w string) bool {
	if len(w) < minPrefix { // or its other number (an acronym: pr, prs)
		return w != "" && (s.has(w) || s.has(w+"s") || s.has(strings.TrimSuffix(w, "s")))
	}
	stem := w
	if n := len([]rune(w)); n > 4 {
		stem = string([]rune(w)[:max(4, n-2)])
	}
	i := sort.SearchStrings(s, stem)
	if i < len(s) && strings.HasPrefix(s[i], stem) {
		return true // w, a longer term it begins, or one of its spellings
	}
	for n := len(w) - 1; n >= minPrefix; n-- { // a term of s that w begins with
		if s.has(w[:n]) {
			return true
		}
	}
	return false
}

func (s termSet) has(w string) bool {
	i := sort.SearchStrings(s, w)
	return i < len(s) && s[i] == w
}
