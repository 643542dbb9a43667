package scan

import (
	"bytes"
	"sync"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis/lang/ca"
	"github.com/blevesearch/bleve/v2/analysis/lang/cs"
	"github.com/blevesearch/bleve/v2/analysis/lang/da"
	"github.com/blevesearch/bleve/v2/analysis/lang/de"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/lang/es"
	"github.com/blevesearch/bleve/v2/analysis/lang/eu"
	"github.com/blevesearch/bleve/v2/analysis/lang/fi"
	"github.com/blevesearch/bleve/v2/analysis/lang/fr"
	"github.com/blevesearch/bleve/v2/analysis/lang/ga"
	"github.com/blevesearch/bleve/v2/analysis/lang/gl"
	"github.com/blevesearch/bleve/v2/analysis/lang/hr"
	"github.com/blevesearch/bleve/v2/analysis/lang/hu"
	"github.com/blevesearch/bleve/v2/analysis/lang/id"
	"github.com/blevesearch/bleve/v2/analysis/lang/it"
	"github.com/blevesearch/bleve/v2/analysis/lang/nl"
	"github.com/blevesearch/bleve/v2/analysis/lang/no"
	"github.com/blevesearch/bleve/v2/analysis/lang/pt"
	"github.com/blevesearch/bleve/v2/analysis/lang/ro"
	"github.com/blevesearch/bleve/v2/analysis/lang/sv"
	"github.com/blevesearch/bleve/v2/analysis/lang/tr"
)

// A language of the Latin script is told by its function words: the
// stop-word lists bleve ships (Snowball's, Lucene's and stopwords-iso's,
// under the BSD and Apache licences: see THIRD_PARTY_NOTICES.md at the
// repository's root), one bit a language.
type langBits uint32

// latinLang is a language of the Latin script with its stop words.
type latinLang struct {
	name  string
	words []byte
	read  bool // the security rules read it (English, German)
}

// latinLangs are the languages told apart; the first two are those the
// security rules read.
var latinLangs = []latinLang{
	{"English", en.EnglishStopWords, true}, {"German", de.GermanStopWords, true},
	{"Catalan", ca.CatalanStopWords, false}, {"Czech", cs.CzechStopWords, false},
	{"Danish", da.DanishStopWords, false}, {"Spanish", es.SpanishStopWords, false},
	{"Basque", eu.BasqueStopWords, false}, {"Finnish", fi.FinnishStopWords, false},
	{"French", fr.FrenchStopWords, false}, {"Irish", ga.IrishStopWords, false},
	{"Galician", gl.GalicianStopWords, false}, {"Croatian", hr.CroatianStopWords, false},
	{"Hungarian", hu.HungarianStopWords, false}, {"Indonesian", id.IndonesianStopWords, false},
	{"Italian", it.ItalianStopWords, false}, {"Dutch", nl.DutchStopWords, false},
	{"Norwegian", no.NorwegianStopWords, false},
	{"Portuguese", pt.PortugueseStopWords, false}, {"Romanian", ro.RomanianStopWords, false},
	{"Swedish", sv.SwedishStopWords, false}, {"Turkish", tr.TurkishStopWords, false},
}

// readBits are the languages the security rules read.
const readBits langBits = 1<<0 | 1<<1

// maxStopWord bounds the words looked up (bytes): no stop word is longer.
const maxStopWord = 24

// stopIndex maps a lower-case word to the languages that list it as a
// stop word. Words of one letter are left out: a, i, o, e, y are stop
// words of a dozen languages each and tell none apart. A word of up to
// eight ASCII letters is looked up as a number (most words of a text
// are; the lookup is on every word of every manual).
type stopIndex struct {
	short map[uint64]langBits
	long  map[string]langBits
}

var stopWords = sync.OnceValue(func() *stopIndex {
	x := &stopIndex{short: map[uint64]langBits{}, long: map[string]langBits{}}
	for i, l := range latinLangs {
		for line := range bytes.Lines(l.words) {
			if k := bytes.IndexByte(line, '|'); k >= 0 {
				line = line[:k]
			}
			if bytes.HasPrefix(bytes.TrimSpace(line), []byte("#")) {
				continue
			}
			for _, w := range bytes.Fields(line) {
				w = bytes.ToLower(w)
				if len(bytes.Runes(w)) < 2 || len(w) > maxStopWord {
					continue
				}
				if k, ok := packWord(w); ok {
					x.short[k] |= 1 << i
				} else {
					x.long[string(w)] |= 1 << i
				}
			}
		}
	}
	return x
})

// packWord returns an ASCII word of up to eight bytes in lower case as a
// number, or false.
func packWord(w []byte) (uint64, bool) {
	if len(w) > 8 {
		return 0, false
	}
	var k uint64
	for _, c := range w {
		if c >= utf8.RuneSelf {
			return 0, false
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		k = k<<8 | uint64(c)
	}
	return k, true
}

// lookup returns the languages whose stop word w is, and a number that
// tells the word from the others of a sentence (to count it once).
func (x *stopIndex) lookup(w []byte) (langBits, uint64) {
	if k, ok := packWord(w); ok {
		return x.short[k], k
	}
	if len(w) > maxStopWord {
		return 0, 0
	}
	var buf [maxStopWord]byte
	lw := append(buf[:0], w...)
	lw = bytes.ToLower(lw)
	h := uint64(14695981039346656037) // FNV-1a, with the top bit set: not a packed word
	for _, c := range lw {
		h = (h ^ uint64(c)) * 1099511628211
	}
	return x.long[string(lw)], h | 1<<63
}
