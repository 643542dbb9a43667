package textan

import "strings"

// Many German words of technical work are Latin or Greek words that
// English shares, spelled the German way: Komponente (component),
// Konfiguration (configuration), Identität (identity), Zertifikat
// (certificate), validieren (validate), automatisch (automatic). Cognates
// spells a German word the English way by regular rules — the German
// ending for the English one, c for k and z, ph for f — and the router
// keeps a spelling only when the catalog holds it, so the rules bridge
// words that no glossary lists without inventing English words. False
// friends (aktuell is current, not actual) belong in the glossary, which
// is asked first.

var cognateEndings = []struct {
	de string
	en []string
}{
	{"ierungen", []string{"ation", "ization", "ing"}},
	{"ierung", []string{"ation", "ization", "ing"}},
	{"ationen", []string{"ation"}},
	{"itaten", []string{"ity"}},
	{"ieren", []string{"ate", "e", "ize", ""}},
	{"ierten", []string{"ated", "ed", "ized"}},
	{"ierte", []string{"ated", "ed", "ized"}},
	{"iere", []string{"ate", "e", "ize", ""}},
	{"ismus", []string{"ism"}},
	{"ische", []string{"ic", "ical"}},
	{"ionen", []string{"ion"}},
	{"enten", []string{"ent"}},
	{"iert", []string{"ated", "ed", "ized"}},
	{"isch", []string{"ic", "ical"}},
	{"itat", []string{"ity"}},
	{"iken", []string{"ic", "ics"}},
	{"enzen", []string{"ence", "ency"}},
	{"anzen", []string{"ance", "ancy"}},
	{"ente", []string{"ent"}},
	{"elle", []string{"al"}},
	{"iven", []string{"ive"}},
	{"ive", []string{"ive"}},
	{"enz", []string{"ence", "ency"}},
	{"anz", []string{"ance", "ancy"}},
	{"ell", []string{"al"}},
	{"ien", []string{"y", "ies"}},
	{"ik", []string{"ic", "ics"}},
	{"iv", []string{"ive"}},
	{"yse", []string{"ysis", "yze"}},
	{"ese", []string{"esis"}},
	{"ose", []string{"osis"}},
	{"ur", []string{"ure"}},
	{"ie", []string{"y"}},
	{"at", []string{"ate"}},
}

// minCognate is the shortest German word spelled the English way: short
// words are too often another word in English (Kind, Rat, Art).
const minCognate = 6

// Cognates returns English spellings of the German word w (any case),
// at most a few dozen, without w itself.
func Cognates(w string) []string {
	w = strings.ToLower(w)
	n := umlautSpelling.Replace(w)
	if len([]rune(n)) < minCognate || strings.Trim(n, "abcdefghijklmnopqrstuvwxyz") != "" {
		return nil
	}
	stems := []struct{ stem, end string }{{n, ""}}
	for _, e := range cognateEndings {
		if s, ok := strings.CutSuffix(n, e.de); ok && len(s) >= 3 {
			stems = stems[:0]
			for _, en := range e.en {
				stems = append(stems, struct{ stem, end string }{s, en})
			}
			break
		}
	}
	var out []string
	for _, s := range stems {
		for _, sp := range spellings(s.stem) {
			if c := sp + s.end; c != w && c != n {
				out = appendNew(out, c)
			}
		}
	}
	return out
}

// spellings returns s with k, z and f written the English way (c, c, ph),
// in every combination, s itself first.
func spellings(s string) []string {
	out := []string{s}
	for _, r := range cognateLetters {
		if !strings.Contains(s, r.de) {
			continue
		}
		for _, v := range out {
			out = append(out, strings.ReplaceAll(v, r.de, r.en))
		}
	}
	return out
}

// umlautSpelling writes umlauts as their vowels and ß as ss (it is never
// changed after it is made: a strings.Replacer is safe for concurrent
// use).
var umlautSpelling = strings.NewReplacer("ä", "a", "ö", "o", "ü", "u", "ß", "ss")

// SpellUmlauts writes the umlauts of w as their vowels and ß as ss
// (Kundenänderung → kundenanderung), as Cognates does.
func SpellUmlauts(w string) string { return umlautSpelling.Replace(w) }

// cognateLetters are the letters German writes where English writes
// others.
var cognateLetters = []struct{ de, en string }{{"k", "c"}, {"z", "c"}, {"f", "ph"}}
