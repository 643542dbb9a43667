package tokens

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// edgeCases are texts where a hand-written splitter can go wrong: line
// ends, white-space runs, digits, contractions, scripts, marks, emoji,
// invalid UTF-8, control characters and very long runs.
func edgeCases() map[string]string {
	cases := map[string]string{
		"CRLF":                 "first line\r\nsecond line\r\n\r\nthird\r\n",
		"lone CR":              "a\rb\r\rc \r d\r",
		"CR then LF runs":      "x\r\r\n\n\r\ny \n\r z",
		"spaces before LF":     "a \nb  \nc   \nd    \n\ne \t \n",
		"LF then spaces":       "\n  \n  x\n \n \n y",
		"tabs and feeds":       "\t\tindent\v\fpage\x1c\x1d\x1e\x1funit",
		"unicode spaces":       "a\u00a0b\u2003c\u3000d\u2028e\u2029f\u0085g\u200bh\ufeffi",
		"trailing spaces":      "end   ",
		"only spaces":          "     ",
		"digits 1-7":           "1 12 123 1234 12345 123456 1234567",
		"digits in words":      "abc1234567def x86_64 v1.2.3 2024-01-31 3.14159",
		"other numbers":        "٣٤٥ ²³ ½ Ⅻ ⑦ 𝟎𝟏 ० १२",
		"contractions":         "it's IT'S we'RE they've I'm you'll he'd she'D WE'Ll",
		"contraction edges":    "'s 's ''s ' s 'sx rock'n'roll don't'll 'ſ don'ſ Xſ'ſ y'",
		"curly apostrophe":     "it’s don’t they’re ’s ’S",
		"emoji":                "👍 👍🏽 🎉🎉 ❤️ 😀x 1️⃣ 🇩🇪🇺🇸",
		"ZWJ sequences":        "👨‍👩‍👧‍👦 🏳️‍🌈 👩🏽‍💻 a\u200db \u200d",
		"combining marks":      "e\u0301 A\u0301B \u0301abc \u0301 x\u0301\u0302\u0303 ÉCOLE école",
		"marks alone":          "\u0301\u0302 \u20dd \u0301A \u0301a",
		"Indic":                "नमस्ते दुनिया क्षत्रिय",
		"Thai":                 "สวัสดีชาวโลก",
		"CJK":                  "漢字テスト、中文，标点。한국어 日本語の文章です",
		"Arabic":               "مرحبا بالعالم بِسْمِ ٱللَّٰهِ ١٢٣",
		"Hebrew":               "שלום עולם",
		"cases":                "HTTPServer iPhone ǅemal ʰello ABCdef ABC Ünïcödé ÀÉÎõü ß ẞ",
		"title and modifiers":  "ǅǈǋ ʰʲʷ ᵃᵇ ꜰ ﬁ ŉ",
		"invalid UTF-8":        "a\xffb \xe2\x82 \xc3\x28 \xed\xa0\x80 \xf4\x90\x80\x80 \x80\x80 x\xc0\xaf",
		"invalid then letters": "\xffabc \xff\xfeABC \xe2\x82\xacx \xe2\x82x",
		"replacement char":     "\ufffd \ufffdabc",
		"NUL":                  "\x00 a\x00b \x00\x00\x00",
		"controls":             "\x01\x02\x07\x1b[31mred\x1b[0m\x7f",
		"slashes":              "a/b // -->\n/ ?/\n/ https://example.com/a/b?c=d&e=f#g",
		"punctuation runs":     "!!! ... ?!\n\n--- *** ``` ~~~ ###\r\n",
		"markdown":             "# Title\n\n- [x] done\n- [ ] open\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```go\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n```\n",
		"special tokens":       "<|endoftext|> <|endofprompt|> <|fim_prefix|>",
		"German":               "Größenänderung für Übergrößen, Straße; Äpfel über Öl.",
		"long word":            strings.Repeat("a", 10000),
		"long mixed word":      strings.Repeat("Supercalifragilistic", 500),
		"long hex":             strings.Repeat("0123456789abcdef", 1000),
		"long base64":          strings.Repeat("QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo+/", 300),
		"long punctuation":     strings.Repeat("-", 5000) + "\n" + strings.Repeat("=-", 3000),
		"long spaces":          strings.Repeat(" ", 5000) + "x" + strings.Repeat(" \n", 3000) + strings.Repeat("\t", 3000),
		"long CJK":             strings.Repeat("漢字テスト", 2000),
	}
	for n := range 8 {
		cases[fmt.Sprintf("%d spaces before LF", n)] = "x" + strings.Repeat(" ", n) + "\n" + strings.Repeat(" ", n) + "y"
	}
	return cases
}

// hugeLines are 1 MB lines: one word, words and spaces, one white-space
// run and one punctuation run.
func hugeLines() map[string]string {
	const mb = 1 << 20
	return map[string]string{
		"1 MB word":        strings.Repeat("x", mb),
		"1 MB of words":    strings.Repeat("lorem ipsum dolor ", mb/18),
		"1 MB of spaces":   strings.Repeat(" ", mb) + "z",
		"1 MB punctuation": strings.Repeat("-+", mb/2),
		"1 MB of digits":   strings.Repeat("1234567890", mb/10),
	}
}

func TestCountsMatchTiktokenOnEdgeCases(t *testing.T) {
	for _, enc := range fastEncodings {
		for name, s := range edgeCases() {
			sameCount(t, enc, name, s)
		}
	}
}

func TestCountsMatchTiktokenOnHugeLines(t *testing.T) {
	if testing.Short() {
		t.Skip("1 MB lines take seconds in tiktoken-go")
	}
	for _, enc := range fastEncodings {
		for name, s := range hugeLines() {
			if g, w := got(t, enc, s), want(t, enc, s); g != w {
				t.Errorf("%s, %s: %d tokens, tiktoken-go counts %d", enc, name, g, w)
			}
		}
	}
}

func TestCountsMatchTiktokenOnGeneratedCorpus(t *testing.T) {
	texts := generatedTexts(t, 1000)
	for _, enc := range fastEncodings {
		for i, s := range texts {
			if !sameCount(t, enc, fmt.Sprintf("generated file %d", i), s) {
				return
			}
		}
	}
}

// The real corpus lives outside the repository: $LORE_CORPUS (make corpus
// sets it; the folder must then exist), else the shared corpus beside the
// repository, whose absence skips the test.
func TestCountsMatchTiktokenOnCorpus(t *testing.T) {
	dir := os.Getenv("LORE_CORPUS")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "corpus")
		if _, err := os.Stat(dir); os.IsNotExist(err) {
			t.Skipf("no corpus at %s (set LORE_CORPUS)", dir)
		}
	}
	files := 0
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		for _, enc := range fastEncodings {
			sameCount(t, enc, path, string(b))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files == 0 {
		t.Fatalf("no files in %s", dir)
	}
	t.Logf("%d files of %s", files, dir)
}

// Every rune of the Basic Multilingual Plane, and a sample above it, in
// contexts that tell its classes apart (letter, upper or lower case, mark,
// number, space, punctuation, line break), counts as in tiktoken-go.
func TestCountsMatchTiktokenForEveryRune(t *testing.T) {
	if testing.Short() {
		t.Skip("counts 65,536 contexts per encoding")
	}
	context := func(r rune) string {
		c := string(r)
		return "a" + c + "A" + c + c + "1" + c + " " + c + "!" + c + "'s" + c + "\n" + c + "  "
	}
	var runes []rune
	for r := rune(0); r < 1<<16; r++ {
		runes = append(runes, r)
	}
	for r := rune(1 << 16); r <= 0x10ffff; r += 61 {
		runes = append(runes, r)
	}
	for _, enc := range fastEncodings {
		for start := 0; start < len(runes); start += 512 {
			chunk := runes[start:min(start+512, len(runes))]
			var b strings.Builder
			for _, r := range chunk {
				b.WriteString(context(r))
			}
			if alignWithTiktoken(t, enc, b.String()) == "" {
				continue
			}
			for _, r := range chunk {
				if msg := alignWithTiktoken(t, enc, context(r)); msg != "" {
					t.Errorf("%s: U+%04X: %s", enc, r, msg)
				}
			}
		}
	}
}

// Random texts over an alphabet of the characters the split patterns
// treat differently.
func TestCountsMatchTiktokenOnRandomTexts(t *testing.T) {
	alphabet := []string{
		"a", "z", "A", "Z", "é", "É", "ß", "ǅ", "ʰ", "漢", "\u0301", "\u0903",
		"0", "7", "٣", "²", "Ⅻ", " ", " ", "  ", "\t", "\n", "\r", "\r\n", "\u00a0", "\u2028",
		"'", "’", "s", "S", "t", "re", "ve", "m", "ll", "LL", "d", "ſ",
		"/", ".", ",", "-", "!", "#", "`", "\x00", "\xff", "\xe2\x82", "👍", "\u200d", "🏽",
		"the", " the", "ing", "tion", "Hello", " world", "über",
	}
	rng := rand.New(rand.NewPCG(15, 4))
	for _, enc := range fastEncodings {
		for i := range 3000 {
			var b strings.Builder
			for range rng.IntN(40) {
				b.WriteString(alphabet[rng.IntN(len(alphabet))])
			}
			if !sameCount(t, enc, fmt.Sprintf("random text %d %q", i, b.String()), b.String()) {
				return
			}
		}
	}
}
