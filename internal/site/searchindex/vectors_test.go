package searchindex

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lorekit/lore/internal/textan"
)

var update = flag.Bool("update", false, "rewrite the golden vector files")

// Endings the vector generator appends to the vocabulary's words.
var (
	englishEndings = []string{"s", "es", "ed", "ing", "er", "ers", "ly", "ness", "ful", "less",
		"able", "ation", "ations", "ational", "ize", "ized", "izing", "ism", "ist", "ity", "ive",
		"ment", "ments", "al", "ally", "ingly", "edly", "iveness", "fulness", "ousness", "ence", "ance"}
	germanEndings = []string{"e", "en", "er", "ern", "es", "s", "em", "ung", "ungen", "heit",
		"keit", "lich", "lichen", "isch", "ig", "igen", "end", "st", "est", "ste", "sten", "t", "te",
		"ten", "et", "nis", "nisse", "erin", "erinnen", "chen"}
)

const endingsPerWord = 6

// vocabulary reads testdata/vocabulary.txt into its sections.
func vocabulary(t testing.TB) map[string][]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "vocabulary.txt"))
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string][]string{}
	sec := ""
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			sec = line[1 : len(line)-1]
		default:
			sections[sec] = append(sections[sec], strings.Fields(line)...)
		}
	}
	return sections
}

// inflect joins a word and an ending the way the language roughly does, so
// that the vectors hold mostly plausible forms.
func inflect(lang, word, ending string) string {
	vowelStart := strings.ContainsAny(ending[:1], "aeiouy")
	switch lang {
	case "en":
		if strings.HasSuffix(word, "e") && vowelStart {
			word = word[:len(word)-1]
		}
		if strings.HasSuffix(word, "y") && len(word) > 2 && !strings.ContainsAny(word[len(word)-2:len(word)-1], "aeiou") && ending[0] != 'i' {
			word = word[:len(word)-1] + "i"
		}
	case "de":
		if strings.HasSuffix(word, "en") && len(word) > 4 {
			word = word[:len(word)-2]
		} else if strings.HasSuffix(word, "e") && ending[0] == 'e' {
			word = word[:len(word)-1]
		}
	}
	return word + ending
}

// vectorWords returns every word of the stemming vectors, sorted.
func vectorWords(t *testing.T) []string {
	voc := vocabulary(t)
	set := map[string]bool{}
	for lang, endings := range map[string][]string{"en": englishEndings, "de": germanEndings} {
		for i, w := range voc[lang] {
			set[w] = true
			for j := 0; j < endingsPerWord; j++ {
				set[inflect(lang, w, endings[(i*7+j*5)%len(endings)])] = true
			}
		}
	}
	for _, w := range voc["as-is"] {
		set[w] = true
	}
	words := make([]string, 0, len(set))
	for w := range set {
		words = append(words, w)
	}
	slices.Sort(words)
	return words
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	p := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(p, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := 0; i < min(len(gl), len(wl)); i++ {
			if gl[i] != wl[i] {
				t.Fatalf("%s differs at line %d:\n got %q\nwant %q\n(run go test -update if the change is intended)", p, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%s differs: %d lines, want %d (run go test -update if intended)", p, len(gl), len(wl))
	}
}

// writeData writes the analysis files of lore's vocabulary (what Write puts
// into the index: the data and the rest of the fold table) to temporary
// files for the JavaScript side, and returns their paths.
func writeData(t *testing.T) []string {
	t.Helper()
	data, fold, err := analysisFiles(textan.New("").Data())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var paths []string
	for name, b := range map[string][]byte{analysisFile: data, foldFile: fold} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	slices.Sort(paths) // a-fold.json, a.json
	return []string{paths[1], paths[0]}
}

// TestStemVectors checks textan's terms of single words (English: folded,
// stop words, Snowball; German: normalised, light stem, a compound's head)
// against testdata/stem-vectors.tsv, then the JavaScript port against the
// same file.
func TestStemVectors(t *testing.T) {
	words := vectorWords(t)
	comp := textan.New("").Compounds()
	var b bytes.Buffer
	umlauts := 0
	for _, w := range words {
		fmt.Fprintf(&b, "%s\t%s\t%s\n", w, englishTerms(w), strings.Join(comp.GermanTerms(w), " "))
		if strings.ContainsAny(w, "äöüß") {
			umlauts++
		}
	}
	if len(words) < 5000 || umlauts < 300 {
		t.Fatalf("%d words, %d with umlauts or ß; the vectors need several thousand and hundreds", len(words), umlauts)
	}
	golden(t, "stem-vectors.tsv", b.Bytes())

	out := runNode(t, "check-vectors.mjs", append([]string{"stem", filepath.Join("testdata", "stem-vectors.tsv")}, writeData(t)...)...)
	if want := fmt.Sprintf("%d stem vectors agree\n", len(words)); string(out) != want {
		t.Fatalf("node: %s, want %s", out, want)
	}
	t.Logf("%d words (%d with umlauts or ß): Go and JavaScript terms agree", len(words), umlauts)
}

// TestRenderVectors checks the glossary renderings of single words — a
// word the glossary lists, its inflected and derived forms (participles,
// verb endings, adjective endings, -ung nouns and their verbs,
// zu-infinitives, imperatives), compounds split at its words — on both
// sides, over the words of the stemming vectors and the glossary's words
// with German endings and prefixes.
func TestRenderVectors(t *testing.T) {
	an := textan.New("")
	set := map[string]bool{}
	for _, w := range vectorWords(t) {
		set[w] = true
	}
	for i, w := range an.CompoundWords() {
		for j := range endingsPerWord {
			set[inflect("de", w, germanEndings[(i*7+j*5)%len(germanEndings)])] = true
		}
		set[[]string{"zu", "ge", "ver"}[i%3]+w] = true
	}
	words := slices.Sorted(maps.Keys(set))
	var b bytes.Buffer
	rendered := 0
	for _, w := range words {
		groups, split := an.Renderings(w)
		if len(groups) > 0 {
			rendered++
		}
		j, err := json.Marshal(nonNil(groups))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s\t%t\t%s\n", w, split, j)
	}
	if rendered < 3000 {
		t.Fatalf("%d of %d words rendered; the vectors need thousands", rendered, len(words))
	}
	golden(t, "render-vectors.tsv", b.Bytes())

	out := runNode(t, "check-vectors.mjs", append([]string{"render", filepath.Join("testdata", "render-vectors.tsv")}, writeData(t)...)...)
	if want := fmt.Sprintf("%d render vectors agree\n", len(words)); string(out) != want {
		t.Fatalf("node: %s, want %s", out, want)
	}
	t.Logf("%d words, %d rendered: Go and JavaScript renderings agree", len(words), rendered)
}

// englishTerms returns the English terms of text, space-separated.
func englishTerms(text string) string {
	var ts []string
	for _, t := range textan.English(text) {
		ts = append(ts, t.Term)
	}
	return strings.Join(ts, " ")
}

// vectorWord is a word of a query as textan's Query analyses it.
type vectorWord struct {
	Raw     string     `json:"raw"`
	EN      string     `json:"en"`
	DE      []string   `json:"de"`
	Number  bool       `json:"number"`
	Trans   []string   `json:"trans"`
	Groups  [][]string `json:"groups"`
	Split   bool       `json:"split"`
	Related []string   `json:"related"`
	Base    string     `json:"base"`
	Plural  string     `json:"plural"`
}

// vectorLine is one line of testdata/analyze-vectors.jsonl: an input, the
// English and German terms of it as a document and its analysis as a
// query.
type vectorLine struct {
	In      string       `json:"in"`
	English string       `json:"english"`
	German  []string     `json:"german"`
	Lang    string       `json:"lang"`
	Words   []vectorWord `json:"words"`
}

// nonNil returns s, or an empty slice for nil (JSON [] as JavaScript has it).
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// TestAnalyzeVectors checks the analysis of documents and queries on both
// sides: tokenising, folding, stop words, compounds, separable verbs,
// language, glossary renderings and the thesaurus.
func TestAnalyzeVectors(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "analyze-inputs.txt"))
	if err != nil {
		t.Fatal(err)
	}
	an := textan.New("")
	comp := an.Compounds()
	var b bytes.Buffer
	lines := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		v := vectorLine{In: sc.Text(), English: englishTerms(textan.Fold(sc.Text())), German: []string{}, Words: []vectorWord{}}
		for _, tm := range comp.German(v.In) {
			v.German = append(v.German, tm.Term)
		}
		lang, ws := an.Query(v.In)
		v.Lang = lang
		for _, w := range ws {
			groups := [][]string{}
			for _, g := range w.Groups {
				groups = append(groups, nonNil(g))
			}
			v.Words = append(v.Words, vectorWord{Raw: w.Raw, EN: w.EN, DE: nonNil(w.DE), Number: w.Number,
				Trans: nonNil(w.Trans), Groups: groups, Split: w.Split, Related: nonNil(w.Related), Base: w.Base, Plural: w.Plural})
		}
		j, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(append(j, '\n'))
		lines++
	}
	golden(t, "analyze-vectors.jsonl", b.Bytes())

	out := runNode(t, "check-vectors.mjs", append([]string{"analyze", filepath.Join("testdata", "analyze-vectors.jsonl")}, writeData(t)...)...)
	if want := fmt.Sprintf("%d analyze vectors agree\n", lines); string(out) != want {
		t.Fatalf("node: %s, want %s", out, want)
	}
}

// TestTokenize pins the analysis rules the vectors rely on: what a word
// is, folding, and which words the index leaves out.
func TestTokenize(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// ASCII folding as bleve's (ü → u; a decomposed ü and é keep
		// their combining mark, as the catalog's index does).
		{"Prüfung Pruefung PRÜFUNG", "prufung pruefung prufung"},
		{"Straße STRASSE GROẞ", "strasse strasse gross"},
		{"u\u0308ber", "u\u0308ber"},
		{"e\u0301te café", "e\u0301te cafe"},
		{"a I x ab", "ab"},
		// Unicode word boundaries: _ joins, - splits.
		{"snake_case kebab-case", "snake_case kebab case"},
		{strings.Repeat("x", 32) + " " + strings.Repeat("y", 33), strings.Repeat("x", 32)},
		{"İstanbul", "istanbul"},
		{"\xff\xfeok", "ok"},
	} {
		if got := strings.Join(indexedWords(textan.Fold(c.in)), " "); got != c.want {
			t.Errorf("indexedWords(Fold(%q)) = %q, want %q", c.in, got, c.want)
		}
	}
}
