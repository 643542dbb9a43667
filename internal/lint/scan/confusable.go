package scan

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Scripts returns the scripts of the letters of s that are not Common or
// Inherited, in order of first appearance ("Latin", "Cyrillic").
func Scripts(s string) []string {
	var out []string
	for _, r := range s {
		if !unicode.IsLetter(r) {
			continue
		}
		name := scriptOf(r)
		if name != "" && !contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

var scriptTables = []struct {
	name string
	t    *unicode.RangeTable
}{
	{"Latin", unicode.Latin}, {"Cyrillic", unicode.Cyrillic}, {"Greek", unicode.Greek}, {"Armenian", unicode.Armenian},
	{"Cherokee", unicode.Cherokee}, {"Coptic", unicode.Coptic}, {"Georgian", unicode.Georgian}, {"Han", unicode.Han},
	{"Hiragana", unicode.Hiragana}, {"Katakana", unicode.Katakana}, {"Hangul", unicode.Hangul}, {"Arabic", unicode.Arabic},
	{"Hebrew", unicode.Hebrew}, {"Devanagari", unicode.Devanagari},
}

func scriptOf(r rune) string {
	for _, s := range scriptTables {
		if unicode.Is(s.t, r) {
			return s.name
		}
	}
	return "Other"
}

// confusables maps letters that look like Latin ones to those letters
// (a subset of Unicode's confusables.txt: the Cyrillic, Greek and
// Armenian look-alikes of ASCII letters, and fullwidth forms).
var confusables = map[rune]rune{
	// Cyrillic
	'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'һ': 'h', 'і': 'i', 'ї': 'i', 'ј': 'j', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o',
	'р': 'p', 'с': 'c', 'ѕ': 's', 'т': 't', 'у': 'y', 'х': 'x', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w', 'ɡ': 'g', 'ӏ': 'l', 'ь': 'b',
	'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T', 'Х': 'X', 'У': 'Y',
	'Ѕ': 'S', 'І': 'I', 'Ј': 'J', 'Ԁ': 'D', 'Ԛ': 'Q', 'Ԝ': 'W', 'Ү': 'Y', 'ү': 'y', 'Һ': 'H',
	// Greek
	'α': 'a', 'ο': 'o', 'ρ': 'p', 'ν': 'v', 'ι': 'i', 'κ': 'k', 'τ': 't', 'υ': 'u', 'χ': 'x', 'ε': 'e', 'η': 'n', 'ω': 'w',
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O', 'Ρ': 'P', 'Τ': 'T',
	'Υ': 'Y', 'Χ': 'X',
	// Armenian
	'օ': 'o', 'ս': 'u', 'ց': 'g', 'հ': 'h', 'ո': 'n', 'զ': 'q',
	// Latin look-alikes outside ASCII
	'ı': 'i', 'ȷ': 'j', 'ℓ': 'l',
}

// Skeleton maps every look-alike letter of s to the ASCII letter it
// imitates and folds case, so two names that look the same have the
// same skeleton ("pdf-fоrms" with a Cyrillic о and "PDF-forms" both give
// "pdf-forms"). Fullwidth ASCII maps to ASCII.
func Skeleton(s string) string {
	var b strings.Builder
	for _, r := range s {
		if a := asciiOf(r); a != 0 {
			r = a
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// Confusable reports whether s has letters that imitate ASCII ones.
func Confusable(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return asciiOf(r) != 0 })
}

// asciiOf returns the ASCII letter that look-alike letter c imitates, or
// 0 for any other character (ASCII itself included).
func asciiOf(c rune) rune {
	if c < utf8.RuneSelf {
		return 0
	}
	if a, ok := confusables[c]; ok {
		return a
	}
	if c >= 0xFF01 && c <= 0xFF5E {
		return c - 0xFEE0
	}
	return mathLetter(c)
}

// mathLetter returns the ASCII letter a Mathematical Alphanumeric Symbol
// letter is (U+1D400–U+1D6A3: bold, italic, script, fraktur, double-struck,
// sans-serif and monospace A–Z a–z, 52 to a style), or 0. Unicode folds
// them to ASCII (NFKC), and so does a model reading 𝗜𝗴𝗻𝗼𝗿𝗲.
func mathLetter(c rune) rune {
	if c < 0x1D400 || c > 0x1D6A3 {
		return 0
	}
	i := (c - 0x1D400) % 52
	if i < 26 {
		return 'A' + i
	}
	return 'a' + i - 26
}
