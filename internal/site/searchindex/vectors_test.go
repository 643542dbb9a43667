package searchindex

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
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

// TestStemVectors checks the Go stemmers against testdata/stem-vectors.tsv,
// then the JavaScript port against the same file.
func TestStemVectors(t *testing.T) {
	words := vectorWords(t)
	var b bytes.Buffer
	umlauts := 0
	for _, w := range words {
		fmt.Fprintf(&b, "%s\t%s\t%s\n", w, stemEnglish(w), stemGerman(w))
		if strings.ContainsAny(w, "äöüß") {
			umlauts++
		}
	}
	if len(words) < 5000 || umlauts < 300 {
		t.Fatalf("%d words, %d with umlauts or ß; the vectors need several thousand and hundreds", len(words), umlauts)
	}
	golden(t, "stem-vectors.tsv", b.Bytes())

	out := runNode(t, "check-vectors.mjs", "stem", filepath.Join("testdata", "stem-vectors.tsv"))
	if want := fmt.Sprintf("%d stem vectors agree\n", len(words)); string(out) != want {
		t.Fatalf("node: %s, want %s", out, want)
	}
	t.Logf("%d words (%d with umlauts or ß): Go and JavaScript stems agree", len(words), umlauts)
}

// vectorLine is one line of testdata/analyze-vectors.jsonl: an input and its
// tokens, each with its English and German stem.
type vectorLine struct {
	In     string      `json:"in"`
	Tokens [][3]string `json:"tokens"`
}

// TestAnalyzeVectors checks tokenizing and folding on both sides.
func TestAnalyzeVectors(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "analyze-inputs.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	lines := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		a := vectorLine{In: sc.Text(), Tokens: [][3]string{}}
		for _, tok := range tokens(a.In) {
			a.Tokens = append(a.Tokens, [3]string{tok, stemEnglish(tok), stemGerman(tok)})
		}
		j, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(append(j, '\n'))
		lines++
	}
	golden(t, "analyze-vectors.jsonl", b.Bytes())

	out := runNode(t, "check-vectors.mjs", "analyze", filepath.Join("testdata", "analyze-vectors.jsonl"))
	if want := fmt.Sprintf("%d analyze vectors agree\n", lines); string(out) != want {
		t.Fatalf("node: %s, want %s", out, want)
	}
}

// TestTokenize pins the analysis rules the vectors rely on.
func TestTokenize(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Prüfung Pruefung PRÜFUNG", "pruefung pruefung pruefung"},
		{"Straße STRASSE GROẞ", "strasse strasse gross"},
		{"u\u0308ber", "ueber"},
		{"e\u0301te café", "ete cafe"},
		{"a I x ab", "ab"},
		{"snake_case kebab-case", "snake case kebab case"},
		{strings.Repeat("x", 32) + " " + strings.Repeat("y", 33), strings.Repeat("x", 32)},
		{"İstanbul", "istanbul"},
		{"\xff\xfeok", "ok"},
	} {
		if got := strings.Join(tokens(c.in), " "); got != c.want {
			t.Errorf("tokens(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	for _, w := range stopWords() {
		if got := tokens(w); len(got) != 1 || got[0] != w {
			t.Errorf("stop word %q is not a folded token: %q", w, got)
		}
		if !utf8.ValidString(w) {
			t.Errorf("stop word %q is not UTF-8", w)
		}
	}
}
