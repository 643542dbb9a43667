package hosts

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxDescription is the Agent Skills limit on a description, in characters.
const MaxDescription = 1024

// terms splits s into lowercased words of letters and digits.
func terms(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// IDF is the inverse document frequency of terms over a corpus: how rare,
// and so how distinctive, a word is among the entries a host lists. A word
// in every entry ("use", "the", "when") scores lowest.
type IDF struct {
	n  int
	df map[string]int
}

// NewIDF counts, for each term, the documents it occurs in.
func NewIDF(docs []string) *IDF {
	x := &IDF{n: len(docs), df: map[string]int{}}
	for _, d := range docs {
		seen := map[string]bool{}
		for _, t := range terms(d) {
			if !seen[t] {
				seen[t] = true
				x.df[t]++
			}
		}
	}
	return x
}

// Of returns the smoothed inverse document frequency of term.
func (x *IDF) Of(term string) float64 {
	return math.Log(float64(x.n+1)/float64(x.df[term]+1)) + 1
}

// Score is the distinctiveness of a piece of text: the mean of its three
// rarest words' IDF (of all of them when it has fewer).
func (x *IDF) Score(s string) float64 {
	var v []float64
	for _, t := range terms(s) {
		v = append(v, x.Of(t))
	}
	if len(v) == 0 {
		return 0
	}
	slices.SortFunc(v, func(a, b float64) int { return cmp.Compare(b, a) })
	v = v[:min(3, len(v))]
	sum := 0.0
	for _, f := range v {
		sum += f
	}
	return sum / float64(len(v))
}

// sentences splits s after each '.', '!', '?' or ';' followed by a space.
func sentences(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if strings.ContainsRune(".!?;", rune(s[i])) && i+1 < len(s) && s[i+1] == ' ' {
			out = append(out, strings.TrimSpace(s[start:i+1]))
			start = i + 1
		}
	}
	if rest := strings.TrimSpace(s[start:]); rest != "" {
		out = append(out, rest)
	}
	return out
}

// Describe writes the description a host lists for a manual: the summary,
// then "Use when: " and the triggers the summary does not already name.
// When that is longer than limit characters (the host's cut; 0 for none)
// its parts are reordered, the most distinctive first, so what the host
// keeps is what tells this entry from the others: the sentences of the
// summary and the trigger clause by their score, the triggers inside the
// clause by theirs. The result is at most MaxDescription characters:
// the least distinctive parts are left out first.
func Describe(summary string, triggers []string, idf *IDF, limit int) string {
	summary = strings.Join(strings.Fields(summary), " ")
	lower := strings.ToLower(summary)
	var extra []string
	for _, t := range triggers {
		t = strings.Join(strings.Fields(t), " ")
		if t != "" && !strings.Contains(lower, strings.ToLower(t)) && !slices.Contains(extra, t) {
			extra = append(extra, t)
		}
	}
	natural := join(summary, clause(extra))
	if (limit <= 0 || utf8.RuneCountInString(natural) <= limit) && utf8.RuneCountInString(natural) <= MaxDescription {
		return natural
	}
	slices.SortStableFunc(extra, func(a, b string) int { return cmp.Compare(idf.Score(b), idf.Score(a)) })
	type part struct {
		text  string
		score float64
		trig  bool
	}
	var parts []part
	for _, s := range sentences(summary) {
		parts = append(parts, part{s, idf.Score(s), false})
	}
	if len(extra) > 0 {
		parts = append(parts, part{clause(extra), idf.Score(extra[0]), true})
	}
	slices.SortStableFunc(parts, func(a, b part) int { return cmp.Compare(b.score, a.score) })
	render := func() string {
		var out string
		for _, p := range parts {
			if p.trig {
				p.text = clause(extra)
			}
			out = join(out, p.text)
		}
		return out
	}
	s := render()
	for utf8.RuneCountInString(s) > MaxDescription {
		switch {
		case len(extra) > 1:
			extra = extra[:len(extra)-1]
		case len(parts) > 1:
			parts = parts[:len(parts)-1]
		default:
			return cutWords(s, MaxDescription)
		}
		s = render()
	}
	return s
}

func clause(ts []string) string {
	if len(ts) == 0 {
		return ""
	}
	return "Use when: " + strings.Join(ts, ", ") + "."
}

func join(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + " " + b
}

// cutWords cuts s to at most n characters, at a space when one is near.
func cutWords(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	r = r[:n]
	if i := strings.LastIndexByte(string(r), ' '); i > len(string(r))*3/4 {
		return strings.TrimRight(string(r)[:i], " ,;:")
	}
	return string(r)
}
