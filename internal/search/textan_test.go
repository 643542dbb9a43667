package search

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/char/asciifolding"
	"github.com/blevesearch/bleve/v2/analysis/lang/de"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	stopfilter "github.com/blevesearch/bleve/v2/analysis/token/stop"
	unicodeTokenizer "github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/corpusgen"
	"github.com/lorekit/lore/internal/textan"
)

// The catalog analyses with internal/textan (textan.go registers its
// steps with bleve), the chain the site's browser search runs. Before,
// it analysed with bleve's own components: the unicode tokenizer (UAX #29
// word boundaries, github.com/blevesearch/segment), the asciifolding
// character filter, and the possessive, lower-case, stop word, Snowball,
// German normalisation and light stemming filters. The tests below hold
// textan to what those components make of the same text, so that routing
// is the same as it was; where textan deliberately differs they say so.

// bleveWords returns the words bleve's unicode tokenizer cuts text into,
// with their offsets and positions, as textan.Token values.
func bleveWords(text string) []textan.Token {
	var out []textan.Token
	for _, t := range unicodeTokenizer.NewUnicodeTokenizer().Tokenize([]byte(text)) {
		out = append(out, textan.Token{Text: string(t.Term), Start: t.Start, End: t.End, Pos: t.Position})
	}
	return out
}

func sameTokens(a, b []textan.Token) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// bleveEnglish is the catalog's English analyzer as bleve composed it.
func bleveEnglish(text string) []textan.Term {
	stop := analysis.NewTokenMap()
	if err := stop.LoadBytes(en.EnglishStopWords); err != nil {
		panic(err)
	}
	ts := unicodeTokenizer.NewUnicodeTokenizer().Tokenize(asciifolding.New().Filter([]byte(text)))
	for _, f := range []analysis.TokenFilter{en.NewPossessiveFilter(), lowercase.NewLowerCaseFilter(),
		stopfilter.NewStopTokensFilter(stop), en.NewEnglishStemmerFilter()} {
		ts = f.Filter(ts)
	}
	var out []textan.Term
	for _, t := range ts {
		out = append(out, textan.Term{Term: string(t.Term), Pos: t.Position})
	}
	return out
}

// bleveGerman is the first German term of a word as bleve's filters make
// it (the compound's head, which textan adds after it, was lore's own
// filter and is tested in textan).
func bleveGerman(word string) string {
	stop := analysis.NewTokenMap()
	if err := stop.LoadBytes(de.GermanStopWords); err != nil {
		panic(err)
	}
	ts := analysis.TokenStream{{Term: []byte(word)}}
	for _, f := range []analysis.TokenFilter{lowercase.NewLowerCaseFilter(), stopfilter.NewStopTokensFilter(stop),
		de.NewGermanNormalizeFilter(), de.NewGermanLightStemmerFilter()} {
		ts = f.Filter(ts)
	}
	if len(ts) == 0 {
		return ""
	}
	return string(ts[0].Term)
}

// analysisTexts returns the texts the equality tests read: lore's word
// lists, the example manuals and lore's documentation, the labelled
// intents of testdata/eval (not the held-out set), a generated corpus of
// 200 manuals and, when $LORE_CORPUS names a folder, every Markdown file
// in it (make corpus sets it).
func analysisTexts(t *testing.T) map[string]string {
	t.Helper()
	texts := map[string]string{"glossary": textan.GlossaryText(), "thesaurus": textan.ThesaurusText()}
	read := func(root string, keep func(string) bool) {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !keep(p) {
				return err
			}
			b, err := os.ReadFile(p)
			texts[p] = string(b)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	md := func(p string) bool { return strings.HasSuffix(p, ".md") }
	read("../../manuals", md)
	read("../../content", md)
	read("../../testdata/eval", func(p string) bool {
		return strings.HasSuffix(p, ".tsv") && !strings.HasSuffix(p, "heldout.tsv")
	})
	fsys := afero.NewMemMapFs()
	if err := corpusgen.Write(fsys, "g", 200, 1); err != nil {
		t.Fatal(err)
	}
	err := afero.Walk(fsys, "g", func(p string, fi fs.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		b, err := afero.ReadFile(fsys, p)
		texts[p] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("LORE_CORPUS"); dir != "" {
		read(dir, md)
	}
	return texts
}

// TestWordsMatchBleve: textan.Words cuts the texts lore reads exactly as
// bleve's unicode tokenizer did, and every string of up to four
// characters from an alphabet of the characters that decide word
// boundaries (letters, digits, middle punctuation, underscore, quotes,
// marks, format characters, Katakana, Han, Hebrew, line ends). Where the
// two differ by design: bleve's segmenter (Unicode 8.0) drops the rest of
// a text after an invalid UTF-8 byte, textan skips the byte; characters
// that Unicode assigned after 8.0 follow Go's tables.
func TestWordsMatchBleve(t *testing.T) {
	texts := analysisTexts(t)
	words := 0
	for name, text := range texts {
		if !utf8.ValidString(text) {
			continue
		}
		got, want := textan.WordList(text), bleveWords(text)
		words += len(want)
		if !sameTokens(got, want) {
			for i := range min(len(got), len(want)) {
				if got[i] != want[i] {
					t.Errorf("%s: word %d: textan %+v, bleve %+v", name, i, got[i], want[i])
					break
				}
			}
			t.Errorf("%s: textan cuts %d words, bleve %d", name, len(got), len(want))
		}
	}
	alphabet := []string{"a", "Z", "1", ".", ",", "'", ":", ";", "_", " ", "ä", "’", "-", "\u0301", "\u00ad", "\"", "\n", "ア", "中", "א", "ー", "$"}
	strs := 0
	var walk func(s string, depth int)
	walk = func(s string, depth int) {
		if depth == 0 {
			strs++
			if got, want := textan.WordList(s), bleveWords(s); !sameTokens(got, want) {
				t.Errorf("%q: textan %+v, bleve %+v", s, got, want)
			}
			return
		}
		for _, c := range alphabet {
			walk(s+c, depth-1)
		}
	}
	for d := 1; d <= 4; d++ {
		walk("", d)
	}
	if len(texts) < 100 || words < 100000 {
		t.Fatalf("%d texts, %d words: the texts were not read", len(texts), words)
	}
	t.Logf("%d texts (%d words) and %d strings: textan and bleve cut the same words", len(texts), words, strs)
}

// TestFoldMatchesBleve: textan.Fold folds every character as bleve's
// asciifolding filter does.
func TestFoldMatchesBleve(t *testing.T) {
	f := asciifolding.New()
	folded := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r >= 0xd800 && r <= 0xdfff {
			continue
		}
		s := "x" + string(r) + "é"
		if got, want := textan.Fold(s), string(f.Filter([]byte(s))); got != want {
			t.Errorf("Fold(%q) = %q, bleve %q", s, got, want)
		}
		if textan.Fold(string(r)) != string(r) {
			folded++
		}
	}
	if got, want := textan.Fold("a\xffb"), string(f.Filter([]byte("a\xffb"))); got != want {
		t.Errorf("invalid UTF-8: Fold %q, bleve %q", got, want)
	}
	if folded < 1000 {
		t.Errorf("%d characters fold: the table is incomplete", folded)
	}
}

// narrowsAnywhere reports whether text holds a rune whose lower case is
// shorter in UTF-8 (see narrowsInLowerCase: bleve's lower-case filter
// mangles such words, textan lowers them correctly).
func narrowsAnywhere(text string) bool { return narrowsInLowerCase(text) }

// TestTermsMatchBleve: the English terms of every text, and the German
// term of every word, are the terms bleve's filters made.
func TestTermsMatchBleve(t *testing.T) {
	texts := analysisTexts(t)
	c := textan.New("").Compounds()
	terms, checked := 0, map[string]bool{}
	for name, text := range texts {
		if !utf8.ValidString(text) {
			continue
		}
		for _, line := range strings.Split(text, "\n") {
			if narrowsAnywhere(line) {
				continue
			}
			got, want := textan.English(line), bleveEnglish(line)
			terms += len(want)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s: English(%q) = %v, bleve %v", name, line, got, want)
			}
			for _, w := range textan.WordList(line) {
				if checked[w.Text] {
					continue
				}
				checked[w.Text] = true
				want := bleveGerman(w.Text)
				got := c.GermanTerms(w.Text)
				if want == "" && got != nil || want != "" && (len(got) == 0 || got[0] != want) {
					t.Errorf("%s: GermanTerms(%q) = %q, bleve %q", name, w.Text, got, want)
				}
			}
		}
	}
	if terms < 100000 {
		t.Fatalf("%d terms: the texts were not read", terms)
	}
	t.Logf("%d English terms and %d distinct words' German terms agree with bleve's filters", terms, len(checked))
}
