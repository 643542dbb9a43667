package hosts

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// functionWords are English words that carry no trigger of their own.
var functionWords = []string{"the", "and", "for", "you", "your", "use", "when", "with", "this", "that", "are", "any", "user", "asks", "wants", "needs", "about", "into", "from", "how", "what", "has", "have", "its", "not", "was", "will", "can", "should", "need", "like", "such", "also", "etc"}

var clauseMarks = []string{"use this skill when", "use this when", "use when", "use it when", "use for", "use this for", "triggers:", "trigger words:", "when the user"}

// lost returns the trigger words of a description of which the host shows
// the first shown characters that fall after the cut: the manual's
// declared triggers found in the description, or without any, the words
// of its "Use when …" clause.
func lost(desc string, shown int, triggers []string) []string {
	lower := strings.ToLower(desc)
	if len(triggers) > 0 {
		return lostTriggers(lower, shown, triggers)
	}
	return lostClauseWords(lower, shown)
}

// lostTriggers returns the triggers found in lower that end after its
// first shown characters.
func lostTriggers(lower string, shown int, triggers []string) []string {
	runes := runeCounter{s: lower}
	var out []string
	for _, t := range triggers {
		lt := strings.ToLower(strings.Join(strings.Fields(t), " "))
		i := strings.Index(lower, lt)
		if lt == "" || i < 0 {
			continue
		}
		if runes.at(i)+utf8.RuneCountInString(lt) > shown {
			out = append(out, t)
		}
	}
	return out
}

// lostClauseWords returns the words of lower's "Use when …" clause (up to
// the end of its sentence) that end after its first shown characters,
// leaving out short and function words.
func lostClauseWords(lower string, shown int) []string {
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
	runes := runeCounter{s: lower}
	var out []string
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
		if runes.at(at)+utf8.RuneCountInString(w) > shown && utf8.RuneCountInString(w) >= 3 && !slices.Contains(functionWords, w) {
			out = append(out, w)
		}
	}
	return out
}

// runeCounter counts the characters of s before a byte offset, going
// forward from the last offset asked for (cheap when callers ask in
// increasing order).
type runeCounter struct {
	s                  string
	lastByte, lastRune int
}

func (c *runeCounter) at(byteIdx int) int {
	if byteIdx < c.lastByte {
		c.lastByte, c.lastRune = 0, 0
	}
	c.lastRune += utf8.RuneCountInString(c.s[c.lastByte:byteIdx])
	c.lastByte = byteIdx
	return c.lastRune
}
