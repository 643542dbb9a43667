package textan

import (
	"strings"
	"unicode"
)

// Key is the form in which a trigger is compared: its words, normalised
// and stemmed, without stop words ("bar charts" and "Bar Chart" have the
// key "bar chart"; "Diagramme" and "Diagramm" the key "diagramm"). A
// trigger made of stop words only keeps its words in lower case.
func Key(t string) string {
	var words []string
	for _, w := range strings.FieldsFunc(t, separator) {
		w = lower(w)
		if germanStopWords[w] {
			continue
		}
		words = append(words, stem(normalize(w)))
	}
	if len(words) == 0 {
		return strings.ToLower(strings.Join(strings.Fields(t), " "))
	}
	return strings.Join(words, " ")
}

// separator reports whether r separates the words of a trigger.
func separator(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }

// Keys returns the distinct, non-empty keys of ts, in order.
func Keys(ts []string) []string {
	var out []string
	seen := make(map[string]bool, len(ts))
	for _, t := range ts {
		if k := Key(t); k != "" && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

// Collide reports whether two trigger lists of lenA and lenB distinct keys
// that share n of them collide: at least two shared, and more than half of
// the shorter list. The lint rule triggers/overlap and `lore eval` use it.
func Collide(n, lenA, lenB int) bool { return n >= 2 && 2*n > min(lenA, lenB) }

// Shared returns the keys a and b have in common, in a's order, and
// whether the two lists collide (see Collide).
func Shared(a, b []string) (shared []string, collide bool) {
	ka, kb := Keys(a), Keys(b)
	inB := make(map[string]bool, len(kb))
	for _, k := range kb {
		inB[k] = true
	}
	for _, k := range ka {
		if inB[k] {
			shared = append(shared, k)
		}
	}
	return shared, Collide(len(shared), len(ka), len(kb))
}
