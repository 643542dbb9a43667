package textan

import (
	"cmp"
	"slices"
	"strings"
)

// German inflects and derives words by regular rules that a glossary of
// dictionary forms does not list: lemmaCandidates turns a word the
// glossary does not know into the dictionary forms it may come from, so a
// glossary entry finds its other forms. The rules are general German
// morphology, applied to a normalised word (umlauts written as vowels):
//
//   - adjective and participle endings: passenden, passende → passend;
//     schlechter → schlecht; a present participle is its verb (passend →
//     passen);
//   - a noun in -ung is its verb and a verb its noun in -ung: Umsetzung →
//     umsetzen, Behandlung → behandeln, ändern → Änderung;
//   - the zu of an infinitive after a separable particle: umzusetzen →
//     umsetzen, herauszufinden → herausfinden;
//   - the imperative of a verb that changes e to i or ie: gib → geben,
//     entwirf → entwerfen, lies → lesen, hilf → helfen.
//
// Each candidate is only a guess; the glossary decides, since only a
// candidate it holds is used.
func lemmaCandidates(n string) []string {
	var out []string
	add := func(c string) {
		if len(c) >= 3 && c != n {
			out = appendNew(out, c)
		}
	}
	adjectiveLemmas(n, add)
	ungLemmas(n, add)
	zuInfinitives(n, add)
	imperativeLemma(n, add)
	return out
}

// adjectiveLemmas adds the base of an adjective or participle ending
// (longest first) and the verb of a present participle.
func adjectiveLemmas(n string, add func(string)) {
	for _, end := range []string{"eren", "erer", "eres", "erem", "ere", "en", "er", "es", "em", "e"} {
		if base, ok := strings.CutSuffix(n, end); ok && len(base) >= 4 {
			add(base)
			if v, ok := strings.CutSuffix(base, "end"); ok && len(v) >= 3 {
				add(v + "en")
			}
			break
		}
	}
	if v, ok := strings.CutSuffix(n, "end"); ok && len(v) >= 3 {
		add(v + "en")
	}
}

// ungLemmas adds the verbs of an -ung noun, or the -ung noun of a verb.
func ungLemmas(n string, add func(string)) {
	stem, ok := strings.CutSuffix(n, "ungen")
	if !ok {
		stem, ok = strings.CutSuffix(n, "ung")
	}
	if ok {
		if len(stem) >= 3 {
			for _, v := range verbsOf(stem) {
				add(v)
			}
		}
		return
	}
	switch {
	case strings.HasSuffix(n, "eln"):
		add(n[:len(n)-3] + "lung") // behandeln → behandlung
		add(n[:len(n)-1] + "ung")  // regeln → regelung
	case strings.HasSuffix(n, "ern"):
		add(n[:len(n)-1] + "ung") // ändern → änderung
	case strings.HasSuffix(n, "en") && len(n) >= 6:
		add(n[:len(n)-2] + "ung") // umsetzen → umsetzung
	}
}

// zuInfinitives adds the infinitive of a separable verb's zu-infinitive.
func zuInfinitives(n string, add func(string)) {
	for _, p := range particles {
		if rest, ok := strings.CutPrefix(n, p+"zu"); ok && len(rest) >= 4 && strings.HasSuffix(rest, "en") {
			add(p + rest)
		}
	}
}

// imperativeLemma adds the infinitive of an imperative with e → i or ie:
// the last i of a word without an ending.
func imperativeLemma(n string, add func(string)) {
	if strings.HasSuffix(n, "en") || strings.HasSuffix(n, "e") {
		return
	}
	if k := strings.LastIndex(n, "ie"); k >= 0 && k == strings.LastIndexAny(n, "aeiou")-1 {
		add(n[:k] + "e" + n[k+2:] + "en")
	} else if k := strings.LastIndexAny(n, "aeiou"); k >= 0 && n[k] == 'i' {
		add(n[:k] + "e" + n[k+1:] + "en")
	}
}

// verbsOf returns the infinitives an -ung noun's stem may belong to:
// Umsetz(ung) → umsetzen, Änder(ung) → ändern, Behandl(ung) → behandeln.
func verbsOf(stem string) []string {
	out := []string{stem + "en", stem + "n"}
	if k := len(stem) - 1; k > 0 && (stem[k] == 'l' || stem[k] == 'r') && !strings.ContainsRune("aeiou", rune(stem[k-1])) {
		out = append(out, stem[:k]+"e"+stem[k:]+"n")
	}
	return out
}

// particles are the separable particles, longest first (then in
// alphabetical order): "heraus" is tried before "her".
var particles = slices.SortedFunc(slices.Values(separablePrefixes), func(a, b string) int {
	return cmp.Or(cmp.Compare(len(b), len(a)), cmp.Compare(a, b))
})
