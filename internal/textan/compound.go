package textan

import (
	"slices"
	"unicode/utf8"
)

// Compounds finds the head of a German compound among the words of a
// dictionary: the dictionary word the compound ends in ("balkendiagramm"
// → diagramm, "gedankenkarten" → karte), so a general word finds the
// specific compounds that are kinds of it. A dictionary word inside the
// compound that is not its head adds nothing: "kasespatzle" holds "spat"
// (spät) but is no kind of it.
type Compounds struct {
	dict map[string]bool
	// minWord is the shortest compound (in runes) looked into; minPart
	// the shortest head; maxPart the longest dictionary word.
	minWord, minPart, maxPart int
}

// Compound limits: the shortest compound looked into, the shortest part
// (a head, a part of a split), the shortest modifier before a head.
const (
	MinCompound     = 7
	MinCompoundPart = 4
	minModifier     = 5
)

// NewCompounds returns the compound splitter of the normalised German
// words dict (see Normalize) with the shortest compound minWord and the
// shortest head minPart (in runes; 0: MinCompound and MinCompoundPart).
func NewCompounds(dict []string, minWord, minPart int) *Compounds {
	c := &Compounds{dict: make(map[string]bool, len(dict)), minWord: minWord, minPart: minPart}
	if c.minWord <= 0 {
		c.minWord = MinCompound
	}
	if c.minPart <= 0 {
		c.minPart = MinCompoundPart
	}
	for _, w := range dict {
		c.dict[w] = true
		c.maxPart = max(c.maxPart, utf8.RuneCountInString(w))
	}
	return c
}

// verbPrefixes are prefixes of German verbs and their nouns, not
// modifiers of a compound ("unterstellen" is no kind of "stellen").
var verbPrefixes = []string{"unter", "hinter", "wider", "wieder", "zurueck", "zuruck", "herum", "heraus",
	"herein", "hinaus", "voraus", "vorbei"}

func isVerbPrefix(s string) bool { return slices.Contains(verbPrefixes, s) }

// maxVerbPrefix is the length of the longest verb prefix and maxInflection
// of the longest inflection ending, in runes (ASCII).
const maxVerbPrefix, maxInflection = 7, 3

// inflections are endings a head may carry after the dictionary form
// (normalised German: no umlauts).
var inflections = []string{"", "e", "n", "en", "s", "es", "er", "ern", "nen"}

// Head returns the head of the normalised German word w: the longest
// dictionary word w ends in after a modifier of at least five runes that
// is no verb prefix, allowing an inflection ending; "" when none, or when
// w is shorter than the shortest compound. A short modifier is too often
// no word at all: "vergessen" is no kind of "essen".
func (c *Compounds) Head(w string) string {
	if utf8.RuneCountInString(w) < c.minWord {
		return ""
	}
	// A head is a dictionary word with an inflection ending: the search
	// starts where the longest one could (the longest head is the first
	// found), so the work stays linear in the length of w.
	n := utf8.RuneCountInString(w)
	return c.head(w, max(minModifier, n-c.maxPart-maxInflection), maxVerbPrefix)
}

// head is Head looking for the head from rune from on, and for a verb
// prefix among the first prefixes runes.
func (c *Compounds) head(w string, from, prefixes int) string {
	rs := []rune(w)
	for i := from; i+c.minPart <= len(rs); i++ {
		if i <= prefixes && isVerbPrefix(string(rs[:i])) {
			continue
		}
		rest := string(rs[i:])
		for _, inf := range inflections {
			if len(rest)-len(inf) < c.minPart || rest[len(rest)-len(inf):] != inf {
				continue
			}
			if h := rest[:len(rest)-len(inf)]; c.dict[h] {
				return h
			}
		}
	}
	return ""
}

// GermanTerms returns the German terms of a word (as Words cut it): lower
// case, umlauts normalised (see Normalize), lightly stemmed; then, for a
// compound, the stem of its head. It returns nil for a German stop word.
func (c *Compounds) GermanTerms(word string) []string {
	w := lower(word)
	if germanStopWords[w] {
		return nil
	}
	n := normalize(w)
	out := []string{stem(n)}
	if h := c.Head(n); h != "" {
		out = append(out, stem(h))
	}
	return out
}

// Normalize returns the lower-case word w with German spellings folded:
// ä, ö, ü → a, o, u; ß → ss; ae, oe, ue → a, o, u (see normalize).
func Normalize(w string) string { return normalize(lower(w)) }
