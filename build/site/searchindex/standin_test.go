package searchindex

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lorekit/lore/build/manual"
)

// standinCorpus returns n generated manuals as Documents, parsed with
// build/manual and converted with FromManual.
//
// It stands in for internal/corpusgen (corpusgen.Write(fs, dir, n, seed)),
// which is not in this branch yet; at merge, size_test.go can load a
// corpusgen project with manual.Load instead. It is deliberately harsher
// than real manuals: besides the inflected vocabulary of testdata/
// (English, and German for a fifth of the manuals) every manual has code
// with identifiers drawn from a long tail of 40,000 made-up words, so the
// dictionary is far larger than a real catalog's.
func standinCorpus(t testing.TB, n int, seed uint64) ([]Document, *standin) {
	g := newStandin(t, seed)
	docs := make([]Document, n)
	for i := range docs {
		name, src := g.manual(i)
		p := "manuals/" + name + ".md"
		docs[i] = FromManual(manual.Parse(p, []byte(src)), "manuals/"+name+"/")
	}
	return docs, g
}

type standin struct {
	rng            *rand.Rand
	en, de, jargon []string // by falling frequency
	zen, zde, zjar *rand.Zipf
	tools          []string
}

func newStandin(t testing.TB, seed uint64) *standin {
	voc := vocabulary(t)
	g := &standin{rng: rand.New(rand.NewPCG(seed, 0x5ea7c4))}
	forms := func(lang string, endings []string) []string {
		var out []string
		for i, w := range voc[lang] {
			out = append(out, w)
			for j := range 3 {
				out = append(out, inflect(lang, w, endings[(i*3+j*7)%len(endings)]))
			}
		}
		g.rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		return out
	}
	g.en = forms("en", []string{"s", "ed", "ing", "er", "ation", "ment", "able", "ly"})
	g.de = forms("de", []string{"e", "en", "er", "ung", "ungen", "te", "t", "lich"})
	syll := []string{"ka", "to", "ri", "zen", "mo", "lu", "fex", "dar", "qui", "bo", "na", "sel", "vi", "tor", "ga", "plo", "wen", "ix", "sta", "mu"}
	seen := map[string]bool{}
	for len(g.jargon) < 40000 {
		var b strings.Builder
		for range 2 + g.rng.IntN(3) {
			b.WriteString(syll[g.rng.IntN(len(syll))])
		}
		if g.rng.IntN(4) == 0 {
			fmt.Fprintf(&b, "%d", g.rng.IntN(100))
		}
		if w := b.String(); !seen[w] {
			seen[w] = true
			g.jargon = append(g.jargon, w)
		}
	}
	g.zen = rand.NewZipf(g.rng, 1.07, 2, uint64(len(g.en)-1))
	g.zde = rand.NewZipf(g.rng, 1.07, 2, uint64(len(g.de)-1))
	g.zjar = rand.NewZipf(g.rng, 1.02, 5, uint64(len(g.jargon)-1))
	for i := range 24 {
		g.tools = append(g.tools, fmt.Sprintf("%s_%s", g.jargon[i*3], g.en[i]))
	}
	return g
}

func (g *standin) words(de bool, n int) string {
	ws := make([]string, n)
	for i := range ws {
		switch {
		case i%4 == 3 && !de:
			ws[i] = []string{"the", "and", "with", "to", "of", "when"}[g.rng.IntN(6)]
		case i%4 == 3:
			ws[i] = []string{"der", "und", "mit", "die", "das", "wenn"}[g.rng.IntN(6)]
		case de:
			ws[i] = g.de[g.zde.Uint64()]
		default:
			ws[i] = g.en[g.zen.Uint64()]
		}
	}
	return strings.Join(ws, " ")
}

// manual returns the name and Markdown of manual i.
func (g *standin) manual(i int) (string, string) {
	de := g.rng.IntN(5) == 0
	vocab := g.en
	if de {
		vocab = g.de
	}
	a, b := vocab[g.rng.IntN(200)], vocab[g.rng.IntN(len(vocab))]
	name := strings.ToLower(fmt.Sprintf("%s-%s-%d", a, b, i))
	var s strings.Builder
	s.WriteString("---\n")
	trig := []string{a, b, g.en[g.rng.IntN(300)], g.de[g.rng.IntN(300)], g.jargon[g.zjar.Uint64()]}
	fmt.Fprintf(&s, "triggers: %s\n", strings.Join(trig, ", "))
	fmt.Fprintf(&s, "summary: %s\n", g.words(de, 10+g.rng.IntN(16)))
	if k := g.rng.IntN(3); k > 0 {
		var tools []string
		for range k {
			tools = append(tools, g.tools[g.rng.IntN(len(g.tools))])
		}
		fmt.Fprintf(&s, "requires-tools: %s\n", strings.Join(tools, ", "))
	}
	if g.rng.IntN(3) == 0 {
		fmt.Fprintf(&s, "audience: %s\n", []string{"arthur", "eddie", "ford"}[g.rng.IntN(3)])
	}
	s.WriteString("---\n\n")
	fmt.Fprintf(&s, "# %s %s\n\n", a, g.words(de, 3))
	for range 5 + g.rng.IntN(6) {
		fmt.Fprintf(&s, "## %s\n\n", g.words(de, 2+g.rng.IntN(3)))
		for range 1 + g.rng.IntN(3) {
			fmt.Fprintf(&s, "%s.\n\n", g.words(de, 20+g.rng.IntN(40)))
		}
		if g.rng.IntN(2) == 0 {
			s.WriteString("```sh\n")
			for range 2 + g.rng.IntN(8) {
				fmt.Fprintf(&s, "%s --%s=%s %s\n", g.jargon[g.zjar.Uint64()], g.jargon[g.zjar.Uint64()],
					g.jargon[g.zjar.Uint64()], g.jargon[g.zjar.Uint64()])
			}
			s.WriteString("```\n\n")
		}
	}
	return name, s.String()
}
