package hosts

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lorekit/lore/internal/manual"
)

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

// newIDF counts, for each term, the documents it occurs in.
func newIDF(docs []string) *IDF {
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

// of returns the smoothed inverse document frequency of term.
func (x *IDF) of(term string) float64 {
	return math.Log(float64(x.n+1)/float64(x.df[term]+1)) + 1
}

// score is the distinctiveness of a piece of text: the mean of its three
// rarest words' IDF (of all of them when it has fewer).
func (x *IDF) score(s string) float64 {
	var v []float64
	for _, t := range terms(s) {
		v = append(v, x.of(t))
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
// clause by theirs. The result is at most manual.MaxSkillDescription characters:
// the least distinctive parts are left out first.
func Describe(summary string, triggers []string, idf *IDF, limit int) string {
	summary = strings.Join(strings.Fields(summary), " ")
	lower := strings.ToLower(summary)
	var extra []string
	seen := map[string]bool{}
	for _, t := range triggers {
		t = strings.Join(strings.Fields(t), " ")
		if t != "" && !seen[t] && !strings.Contains(lower, strings.ToLower(t)) {
			seen[t] = true
			extra = append(extra, t)
		}
	}
	natural := join(summary, clause(extra))
	if (limit <= 0 || utf8.RuneCountInString(natural) <= limit) && utf8.RuneCountInString(natural) <= manual.MaxSkillDescription {
		return natural
	}
	slices.SortStableFunc(extra, func(a, b string) int { return cmp.Compare(idf.score(b), idf.score(a)) })
	type part struct {
		text  string
		score float64
		trig  bool
	}
	var parts []part
	for _, s := range sentences(summary) {
		parts = append(parts, part{s, idf.score(s), false})
	}
	if len(extra) > 0 {
		parts = append(parts, part{clause(extra), idf.score(extra[0]), true})
	}
	slices.SortStableFunc(parts, func(a, b part) int { return cmp.Compare(b.score, a.score) })
	// Keep the parts in that order while they fit the Agent Skills limit;
	// of the trigger clause, as many triggers as fit. The least
	// distinctive parts are the ones left out.
	var out string
	n := 0
	for _, p := range parts {
		text := p.text
		if p.trig {
			// clause(extra[:k]) is "Use when: " (10), the triggers joined
			// by ", " and a full stop.
			k, w := 0, 11
			for k < len(extra) {
				add := utf8.RuneCountInString(extra[k])
				if k > 0 {
					add += 2
				}
				if n+1+w+add > manual.MaxSkillDescription {
					break
				}
				w += add
				k++
			}
			if k == 0 {
				continue
			}
			text = clause(extra[:k])
		}
		w := utf8.RuneCountInString(text)
		if out != "" {
			w++
		}
		if n+w > manual.MaxSkillDescription {
			continue
		}
		out, n = join(out, text), n+w
	}
	if out == "" {
		return cutWords(parts[0].text, manual.MaxSkillDescription)
	}
	return out
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
