package searchindex

import (
	"strings"
	"unicode/utf8"

	"github.com/lorekit/lore/internal/textan"
)

// Documents are analysed with internal/textan, the analysis the how_do_i
// catalog runs (theme/assets/js/search/analyze.js runs the same steps on
// a query, with the data Write puts into the index). Word limits: a word
// of fewer than minWordRunes runes is not indexed (a letter carries no
// meaning), nor a word of prose of more than maxWordRunes (a hash, base64
// or a long identifier in a code sample would only bloat the index); the
// name, triggers and tools keep their long words (a bundle's id,
// "marvin.background.openai.reviewer", is one word). The browser looks up
// every word of at least minWordRunes.
const (
	minWordRunes = 2
	maxWordRunes = 32
)

// indexed reports whether a word of prose (as textan.Words cuts it) is
// indexed.
func indexed(w string) bool {
	n := utf8.RuneCountInString(w)
	return n >= minWordRunes && n <= maxWordRunes
}

// tagWord reports whether a word of a name, trigger or tool is indexed.
func tagWord(w string) bool { return utf8.RuneCountInString(w) >= minWordRunes }

// analyzer turns one document at a time into its terms and remembers
// what it has worked out of each word it has seen (a site's vocabulary
// is small compared to its word count). Each goroutine has its own.
type analyzer struct {
	comp  *textan.Compounds
	words map[string]*wordInfo
	// prose holds the words of the title, summary and body of the
	// document being analysed (analyze), kept for the next one.
	prose [3][]*wordInfo
}

// wordInfo is what the analysis makes of one word (as textan.Words cuts
// it): whether it is indexed as prose, whether it is a stop word of
// either language, and its terms, each worked out on first use.
type wordInfo struct {
	word           string
	indexed        bool // indexed as prose (indexed)
	stopEN, stopDE bool // a stop word of English, of German
	en             string
	de             []string
	enDone, deDone bool
}

func newAnalyzer(a *textan.Analysis) *analyzer {
	return &analyzer{comp: a.Compounds(), words: map[string]*wordInfo{}}
}

// maxKeptWords bounds the words of one text an analyzer keeps room for
// between documents: an outsized body's are left to the collector.
const maxKeptWords = 1 << 14

// info returns what the analysis makes of word w.
func (an *analyzer) info(w string) *wordInfo {
	if wi := an.words[w]; wi != nil {
		return wi
	}
	w = strings.Clone(w) // not the document's text, which it would keep
	low := strings.ToLower(w)
	wi := &wordInfo{word: w, indexed: indexed(w), stopEN: textan.IsEnglishStopWord(low), stopDE: textan.IsGermanStopWord(low)}
	an.words[w] = wi
	return wi
}

// cut appends what the analysis makes of each word of text to infos.
func (an *analyzer) cut(infos []*wordInfo, text string) []*wordInfo {
	textan.Words(text, func(t textan.Token) { infos = append(infos, an.info(t.Text)) })
	return infos
}

// release drops the words of the document analysed, and the room of an
// outsized text's.
func (an *analyzer) release() {
	for i, ws := range an.prose {
		if cap(ws) > maxKeptWords {
			an.prose[i] = nil
		}
		an.prose[i] = an.prose[i][:0]
	}
}

// englishTerm is the English term of wi's word ("" for none).
func (an *analyzer) englishTerm(wi *wordInfo) string {
	if !wi.enDone {
		wi.en, wi.enDone = textan.EnglishTerm(wi.word), true
	}
	return wi.en
}

// germanTerms are the German terms of wi's word.
func (an *analyzer) germanTerms(wi *wordInfo) []string {
	if !wi.deDone {
		wi.de, wi.deDone = an.comp.GermanTerms(wi.word), true
	}
	return wi.de
}

// english calls fn with the English term of every indexed word of text,
// as the catalog indexes English: the words of the text folded to ASCII.
// Only the words keep reports are indexed.
func (an *analyzer) english(text string, keep func(*wordInfo) bool, fn func(term string)) {
	textan.Words(textan.Fold(text), func(t textan.Token) { an.englishWord(an.info(t.Text), keep, fn) })
}

// englishOf is english on text whose words are infos: a text that folding
// leaves as it is has those words, any other is cut again once folded.
func (an *analyzer) englishOf(text string, infos []*wordInfo, keep func(*wordInfo) bool, fn func(term string)) {
	if textan.Fold(text) != text {
		an.english(text, keep, fn)
		return
	}
	for _, wi := range infos {
		an.englishWord(wi, keep, fn)
	}
}

// englishWord calls fn with the English term of word wi, when keep
// reports it is indexed.
func (an *analyzer) englishWord(wi *wordInfo, keep func(*wordInfo) bool, fn func(term string)) {
	if keep(wi) {
		if e := an.englishTerm(wi); e != "" {
			fn(e)
		}
	}
}

// german calls fn with the German terms of every indexed word of text
// (the stem, a compound's head), as the catalog indexes German. Only the
// words keep reports are indexed.
func (an *analyzer) german(text string, keep func(*wordInfo) bool, fn func(term string)) {
	textan.Words(text, func(t textan.Token) { an.germanWord(an.info(t.Text), keep, fn) })
}

// germanOf is german on the words infos of a text.
func (an *analyzer) germanOf(infos []*wordInfo, keep func(*wordInfo) bool, fn func(term string)) {
	for _, wi := range infos {
		an.germanWord(wi, keep, fn)
	}
}

// germanWord calls fn with the German terms of word wi, when keep
// reports it is indexed.
func (an *analyzer) germanWord(wi *wordInfo, keep func(*wordInfo) bool, fn func(term string)) {
	if keep(wi) {
		for _, g := range an.germanTerms(wi) {
			fn(g)
		}
	}
}
