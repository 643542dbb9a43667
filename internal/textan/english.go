package textan

import (
	"strings"
	"unicode/utf8"

	"github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/english"
)

// englishStopWords is the Snowball English stop word list (BSD-3-Clause,
// see THIRD_PARTY_NOTICES.md), as the catalog's English analysis drops it.
var englishStopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(englishStopList) {
		m[w] = true
	}
	return m
}()

const englishStopList = `
a about above after again against all am an and any are aren't as at be because been before
being below between both but by can't cannot could couldn't did didn't do does doesn't doing
don't down during each few for from further had hadn't has hasn't have haven't having he he'd
he'll he's her here here's hers herself him himself his how how's i i'd i'll i'm i've if in into
is isn't it it's its itself let's me more most mustn't my myself no nor not of off on once only
or other ought our ours ourselves out over own same shan't she she'd she'll she's should
shouldn't so some such than that that's the their theirs them themselves then there there's
these they they'd they'll they're they've this those through to too under until up very was
wasn't we we'd we'll we're we've were weren't what what's when when's where where's which while
who who's whom why why's with won't would wouldn't you you'd you'll you're you've your yours
yourself yourselves
`

// EnglishTerm returns the English term of a word (as Words cut it): an
// English possessive ('s) dropped, lower case, Snowball (Porter2)
// stemming; "" for an English stop word.
func EnglishTerm(word string) string {
	w := lower(dropPossessive(word))
	if englishStopWords[w] {
		return ""
	}
	return StemEnglish(w)
}

// StemEnglish returns the Snowball English (Porter2) stem of a lower-case
// word.
func StemEnglish(w string) string {
	env := snowballstem.NewEnv(w)
	english.Stem(env)
	return env.Current()
}

// dropPossessive removes an English possessive ending: 's, ’s or ＇s
// (any case).
func dropPossessive(w string) string {
	last, n := utf8.DecodeLastRuneInString(w)
	if last != 's' && last != 'S' {
		return w
	}
	prev, m := utf8.DecodeLastRuneInString(w[:len(w)-n])
	switch prev {
	case '\'', '’', '＇':
		return w[:len(w)-n-m]
	}
	return w
}

// IsEnglishStopWord reports whether the lower-case word w is an English
// stop word.
func IsEnglishStopWord(w string) bool { return englishStopWords[w] }

// IsGermanStopWord reports whether the lower-case word w is a German stop
// word.
func IsGermanStopWord(w string) bool { return germanStopWords[w] }
