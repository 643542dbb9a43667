package search

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/registry"

	"github.com/lorekit/lore/internal/textan"
)

// Triggers are phrases ("bar chart", "Termin eintragen"). A word of the
// intent found in a trigger that the intent covers whole is strong
// evidence; one found in a trigger of which the intent says only part
// ("explain" of "explain failure") is weaker. The catalog therefore holds
// every trigger a second time as one token, its key: the terms of its
// content words (no stop word of either language, no filler), sorted and
// joined by spaces, once with the English terms and once, prefixed with
// "de:", with the German stems. An intent covers a trigger when every term
// of the key is a form of a different word of the intent.

// phraseFilterName is the type of the filter that turns a trigger into its
// keys; phraseTokenizerName splits the comma-separated triggers.
const (
	phraseFilterName = "lore_phrase_keys"
	analyzerPhrase   = "lore_phrase"
	phraseTokenizer  = "lore_phrase_split"
	dePhrasePrefix   = "de:"
)

// triggerKeyFilter replaces each trigger token by its English and German
// keys. The analyzers are resolved on first use: the mapping defines
// filters before analyzers, so they do not exist yet when it is built.
type triggerKeyFilter struct {
	cache          *registry.Cache
	enName, deName string
	once           sync.Once
	en, de         analysis.Analyzer
	// keys caches the keys of a trigger text: catalogs repeat triggers.
	keys sync.Map // string → [2]string
}

func (f *triggerKeyFilter) Filter(input analysis.TokenStream) analysis.TokenStream {
	f.once.Do(func() {
		f.en, _ = f.cache.AnalyzerNamed(f.enName)
		f.de, _ = f.cache.AnalyzerNamed(f.deName)
	})
	if f.en == nil || f.de == nil {
		return nil
	}
	out := make(analysis.TokenStream, 0, 2*len(input))
	for _, tok := range input {
		var en, de string
		if k, ok := f.keys.Load(string(tok.Term)); ok {
			en, de = k.([2]string)[0], k.([2]string)[1]
		} else {
			en, de = phraseKeys(f.en, f.de, tok.Term)
			f.keys.Store(string(tok.Term), [2]string{en, de})
		}
		if en != "" {
			out = append(out, &analysis.Token{Term: []byte(en), Position: tok.Position, Start: tok.Start, End: tok.End, Type: analysis.AlphaNumeric})
		}
		if de != "" {
			out = append(out, &analysis.Token{Term: []byte(dePhrasePrefix + de), Position: tok.Position, Start: tok.Start, End: tok.End, Type: analysis.AlphaNumeric})
		}
	}
	return out
}

// phraseKeys returns the English and German keys of a trigger: a word is
// left out when either analyzer drops it (a stop word) or it is a filler;
// the English key holds the first English term of each other word, the
// German key its first German term.
func phraseKeys(en, de analysis.Analyzer, text []byte) (string, string) {
	enTerms := firstTerms(en.Analyze(text))
	deTerms := firstTerms(de.Analyze(text))
	var ek, dk []string
	for _, w := range textan.WordList(string(text)) {
		t, ok := enTerms[w.Pos]
		d, ok2 := deTerms[w.Pos]
		if !ok || !ok2 || textan.IsFiller(lower(w.Text)) {
			continue
		}
		ek = appendNew(ek, t)
		dk = appendNew(dk, d)
	}
	slices.Sort(ek)
	slices.Sort(dk)
	return strings.Join(ek, " "), strings.Join(dk, " ")
}

// firstTerms maps each position to its first term (a compound's head
// follows the compound at the same position).
func firstTerms(ts analysis.TokenStream) map[int]string {
	out := make(map[int]string, len(ts))
	for _, t := range ts {
		if _, ok := out[t.Position]; !ok {
			out[t.Position] = string(t.Term)
		}
	}
	return out
}

func phraseFilterConstructor(config map[string]any, cache *registry.Cache) (analysis.TokenFilter, error) {
	en, ok1 := config["en_analyzer"].(string)
	de, ok2 := config["de_analyzer"].(string)
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("%s: en_analyzer and de_analyzer are required", phraseFilterName)
	}
	return &triggerKeyFilter{cache: cache, enName: en, deName: de}, nil
}

func init() {
	if err := registry.RegisterTokenFilter(phraseFilterName, phraseFilterConstructor); err != nil {
		panic(err)
	}
}

// phraseMatch is a trigger key the intent covers: the documents holding
// it are matched by words (indexes into the intent's words) with the
// weights of the forms that matched.
type phraseMatch struct {
	key     string
	words   []int
	weights []float64
}

// phraseSource is a word of the intent that can stand for a term of a
// trigger key, with the weight of the form that does.
type phraseSource struct {
	word   int
	weight float64
}

// coveredPhrases returns the trigger keys of the catalog that the intent
// covers, each with the intent's words that cover it; keys visits the keys
// of the catalog that begin with a prefix.
func coveredPhrases(it intent, fs [][]form, keys func(prefix string, visit func(key string))) []phraseMatch {
	// The terms each word may contribute: its English form and glossary
	// renderings to English keys, its German stem to German keys.
	enBy, deBy := map[string][]phraseSource{}, map[string][]phraseSource{}
	for i, w := range it.words {
		if w.number {
			enBy[w.en] = append(enBy[w.en], phraseSource{i, 1})
			continue
		}
		for _, f := range fs[i] {
			switch {
			case f.routing: // fuzzy and prefix forms: no phrase evidence
			case f.german:
				if len(w.de) > 0 && f.term == w.de[0] {
					deBy[f.term] = append(deBy[f.term], phraseSource{i, f.weight})
				}
			case f.term == w.en || slices.Contains(w.trans, f.term):
				enBy[f.term] = append(enBy[f.term], phraseSource{i, f.weight})
			}
		}
	}
	// A key's terms are sorted: every covered key begins with one of the
	// intent's terms, so the keys beginning with each term are all there is
	// to check (a walk of the dictionary, no automaton to build).
	var out []phraseMatch
	for _, side := range []struct {
		by     map[string][]phraseSource
		prefix string
	}{{enBy, ""}, {deBy, dePhrasePrefix}} {
		for first := range side.by {
			keys(side.prefix+first, func(key string) {
				rest, ok := strings.CutPrefix(key, side.prefix+first)
				if !ok || rest != "" && rest[0] != ' ' {
					return // a longer term that begins with first
				}
				// Every term must be a form of some word of the intent
				// (checked without allocating: most keys fail here).
				for r := rest; r != ""; {
					r = r[1:] // the space before a term
					t := r
					if i := strings.IndexByte(r, ' '); i >= 0 {
						t, r = r[:i], r[i:]
					} else {
						r = ""
					}
					if _, ok := side.by[t]; !ok {
						return
					}
				}
				terms := strings.Split(strings.TrimPrefix(key, side.prefix), " ")
				if m, ok := assign(terms, func(t string) []phraseSource { return side.by[t] }); ok {
					pm := phraseMatch{key: key}
					for _, s := range m {
						pm.words = append(pm.words, s.word)
						pm.weights = append(pm.weights, s.weight)
					}
					out = append(out, pm)
				}
			})
		}
	}
	return out
}

// assign gives every term a different word of the intent (backtracking
// over the few candidates); ok is false when the words cannot cover all
// terms.
func assign(terms []string, cands func(string) []phraseSource) ([]phraseSource, bool) {
	out := make([]phraseSource, len(terms))
	used := map[int]bool{}
	var try func(k int) bool
	try = func(k int) bool {
		if k == len(terms) {
			return true
		}
		for _, s := range cands(terms[k]) {
			if used[s.word] {
				continue
			}
			used[s.word] = true
			out[k] = s
			if try(k + 1) {
				return true
			}
			delete(used, s.word)
		}
		return false
	}
	return out, try(0)
}
