package search

import (
	"bufio"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/de"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	stopfilter "github.com/blevesearch/bleve/v2/analysis/token/stop"

	"github.com/lorekit/lore/internal/textan"
)

// bleveTriggerKey is the trigger key as the catalog's German analyzer
// computes it without compound splitting: bleve's lower-case, German stop
// word, German normalisation and light stemming filters over the words of
// t. textan.Key must agree with it on every input, so that the lint rule
// triggers/overlap (which cannot import bleve) and the router compare
// triggers alike; see narrowsInLowerCase for the one deliberate exception.
func bleveTriggerKey(t string) string {
	stop := analysis.NewTokenMap()
	if err := stop.LoadBytes(de.GermanStopWords); err != nil {
		panic(err)
	}
	filters := []analysis.TokenFilter{
		lowercase.NewLowerCaseFilter(), stopfilter.NewStopTokensFilter(stop),
		de.NewGermanNormalizeFilter(), de.NewGermanLightStemmerFilter(),
	}
	var ts analysis.TokenStream
	for _, w := range strings.FieldsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }) {
		ts = append(ts, &analysis.Token{Term: []byte(w)})
	}
	for _, f := range filters {
		ts = f.Filter(ts)
	}
	words := make([]string, len(ts))
	for i, tok := range ts {
		words[i] = string(tok.Term)
	}
	if len(words) == 0 {
		return strings.ToLower(strings.Join(strings.Fields(t), " "))
	}
	return strings.Join(words, " ")
}

// triggerKeySamples are inputs that exercise every branch of the filters:
// umlauts in both spellings, ß, eue/que, each stemmer ending, accents,
// Greek final sigma, runes whose lower case is wider, stop words only.
var triggerKeySamples = []string{
	"bar charts", "Bar Chart", "Diagramme", "Diagramm", "Schlüssel", "Schluessel", "Straße", "STRASSE",
	"neue Quellen", "Bauer", "für die Bilder", "und oder", "Ärger", "Öffnungszeiten", "Übersicht",
	"Kindern", "Kinder", "Kindes", "Kindem", "Hunde", "Hunds", "Haus", "schnellsten", "schnellste", "bester",
	"éàôü ìíîï ÀÁÂ", "ΟΔΟΣ", "ΣΟΦΟΣ Σ", "Ⱥbc ΣΑ", "ȾΣ", "snake_case HTTP2", "İstanbul", "ǅemal",
	"der", "DER", "Daß", "daß", "dass", " ", "", "a-b-c", "x y z", "aeoeue", "quelle", "euer", "Zuerst",
}

// narrowsInLowerCase reports whether s holds a rune whose lower case is
// shorter in UTF-8 (İ → i, the Kelvin sign K → k, Ω → ω). bleve's lower-case
// filter (v2.6.3) lowers in place and does not move the bytes after such a
// rune, so it leaves bytes of the capital behind ("İstanbul" →
// "i\xb0stanbu"); textkey lowers these words correctly instead.
func narrowsInLowerCase(s string) bool {
	for _, r := range s {
		if utf8.RuneLen(unicode.ToLower(r)) < utf8.RuneLen(r) {
			return true
		}
	}
	return false
}

func TestTriggerKeyAgreesWithCatalogAnalyzer(t *testing.T) {
	words := append([]string(nil), triggerKeySamples...)
	for _, text := range []string{textan.GlossaryText(), textan.ThesaurusText()} {
		sc := bufio.NewScanner(strings.NewReader(text))
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, "#") {
				continue
			}
			words = append(words, line)
			words = append(words, strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == ':' })...)
		}
	}
	if len(words) < 500 {
		t.Fatalf("only %d sample triggers: the glossary or thesaurus was not read", len(words))
	}
	for _, w := range words {
		if narrowsInLowerCase(w) {
			continue
		}
		if got, want := textan.Key(w), bleveTriggerKey(w); got != want {
			t.Errorf("textan.Key(%q) = %q, the catalog's filters make %q", w, got, want)
		}
	}
}

func FuzzTriggerKey(f *testing.F) {
	for _, s := range triggerKeySamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if narrowsInLowerCase(s) {
			return
		}
		if got, want := textan.Key(s), bleveTriggerKey(s); got != want {
			t.Errorf("textan.Key(%q) = %q, the catalog's filters make %q", s, got, want)
		}
	})
}
