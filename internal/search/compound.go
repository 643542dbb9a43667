package search

import (
	"fmt"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/registry"
)

// headCompoundName is the type of the German compound filter in the index
// mapping.
const headCompoundName = "lore_compound_head"

// headCompoundFilter adds to a German compound its head, the dictionary
// word it ends in ("balkendiagramm" → diagramm, "gedankenkarten" → karte),
// so a general word finds the specific compounds that are kinds of it. A
// dictionary word inside the compound that is not its head adds nothing:
// "kasespatzle" holds "spat" (spät) but is no kind of it. The token keeps
// its position; the head follows it.
type headCompoundFilter struct {
	dict analysis.TokenMap
	// minWord is the shortest compound (in runes) looked into; minPart
	// the shortest head and the shortest modifier before it.
	minWord, minPart int
}

// minModifier is the shortest modifier before a compound's head.
const minModifier = 5

// verbPrefixes are prefixes of German verbs and their nouns, not
// modifiers of a compound ("unterstellen" is no kind of "stellen").
var verbPrefixes = map[string]bool{"unter": true, "hinter": true, "wider": true, "wieder": true, "zurueck": true,
	"zuruck": true, "herum": true, "heraus": true, "herein": true, "hinaus": true, "voraus": true, "vorbei": true}

// inflections are endings a head may carry after the dictionary form
// (normalised German: no umlauts).
var inflections = []string{"", "e", "n", "en", "s", "es", "er", "ern", "nen"}

func (f *headCompoundFilter) Filter(input analysis.TokenStream) analysis.TokenStream {
	out := make(analysis.TokenStream, 0, len(input))
	for _, tok := range input {
		out = append(out, tok)
		if tok.KeyWord || utf8.RuneCount(tok.Term) < f.minWord {
			continue
		}
		if h := f.head(string(tok.Term)); h != "" {
			out = append(out, &analysis.Token{Term: []byte(h), Position: tok.Position, Start: tok.Start, End: tok.End, Type: tok.Type})
		}
	}
	return out
}

// head returns the longest dictionary word w ends in after a modifier of
// at least minModifier runes that is no verb prefix, allowing an
// inflection ending; "" when none. A short modifier is too often no word
// at all: "vergessen" is no kind of "essen".
func (f *headCompoundFilter) head(w string) string {
	rs := []rune(w)
	for i := minModifier; i+f.minPart <= len(rs); i++ {
		if verbPrefixes[string(rs[:i])] {
			continue
		}
		rest := string(rs[i:])
		for _, inf := range inflections {
			if len(rest)-len(inf) < f.minPart || rest[len(rest)-len(inf):] != inf {
				continue
			}
			if h := rest[:len(rest)-len(inf)]; f.dict[h] {
				return h
			}
		}
	}
	return ""
}

func headCompoundConstructor(config map[string]any, cache *registry.Cache) (analysis.TokenFilter, error) {
	name, ok := config["dict_token_map"].(string)
	if !ok {
		return nil, fmt.Errorf("%s: dict_token_map is required", headCompoundName)
	}
	dict, err := cache.TokenMapNamed(name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", headCompoundName, err)
	}
	f := &headCompoundFilter{dict: dict, minWord: 7, minPart: minCompoundPart}
	if v, ok := config["min_word_size"].(float64); ok {
		f.minWord = int(v)
	}
	if v, ok := config["min_part_size"].(float64); ok {
		f.minPart = int(v)
	}
	return f, nil
}

// The filter is registered with bleve like its own filters, so a catalog
// opened from disk rebuilds its German analyzer from the stored mapping.
func init() {
	if err := registry.RegisterTokenFilter(headCompoundName, headCompoundConstructor); err != nil {
		panic(err)
	}
}
