package search

import (
	"fmt"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/registry"

	"github.com/lorekit/lore/internal/textan"
)

// The catalog analyses with internal/textan, the analysis the site's
// browser search runs too: its functions are registered with bleve as a
// tokenizer, a character filter and token filters, so that a catalog
// opened from disk rebuilds its analyzers from the stored mapping.
const (
	// wordsTokenizer cuts text into words (textan.Words).
	wordsTokenizer = "lore_words"
	// foldFilter folds text to ASCII before it is cut (textan.Fold).
	foldFilter = "lore_fold"
	// englishFilter turns words into English terms (textan.EnglishTerm):
	// possessives, lower case, stop words, Snowball stemming.
	englishFilter = "lore_en_terms"
	// germanFilter turns words into German terms (Compounds.GermanTerms):
	// lower case, stop words, normalisation, light stemming, and a
	// compound's head among the words of its dict_token_map.
	germanFilter = "lore_de_terms"
)

type wordsTokenizerImpl struct{}

// tokenBlock is how many tokens Tokenize allocates at most at once: one
// allocation for a block of words rather than one per word. Blocks grow
// from 4 tokens by doubling, so a short text (a trigger, a name) does
// not take a long block.
const tokenBlock = 64

func (wordsTokenizerImpl) Tokenize(input []byte) analysis.TokenStream {
	var out analysis.TokenStream
	var block []analysis.Token
	textan.Words(string(input), func(t textan.Token) {
		if len(block) == cap(block) {
			block = make([]analysis.Token, 0, min(tokenBlock, max(4, 2*cap(block))))
		}
		block = append(block, analysis.Token{Term: input[t.Start:t.End:t.End], Start: t.Start, End: t.End, Position: t.Pos, Type: analysis.AlphaNumeric})
		out = append(out, &block[len(block)-1])
	})
	return out
}

type foldFilterImpl struct{}

func (foldFilterImpl) Filter(input []byte) []byte { return []byte(textan.Fold(string(input))) }

type englishFilterImpl struct{ memo *termMemo[string] }

func (f englishFilterImpl) Filter(input analysis.TokenStream) analysis.TokenStream {
	out := input[:0]
	for _, tok := range input {
		if t := f.memo.term(tok.Term); t != "" {
			tok.Term = []byte(t)
			out = append(out, tok)
		}
	}
	return out
}

type germanFilterImpl struct{ memo *termMemo[[]string] }

func (f germanFilterImpl) Filter(input analysis.TokenStream) analysis.TokenStream {
	out := make(analysis.TokenStream, 0, len(input))
	for _, tok := range input {
		for i, t := range f.memo.term(tok.Term) {
			if i == 0 {
				tok.Term = []byte(t)
				out = append(out, tok)
				continue
			}
			out = append(out, &analysis.Token{Term: []byte(t), Position: tok.Position, Start: tok.Start, End: tok.End, Type: tok.Type})
		}
	}
	return out
}

func germanFilterConstructor(config map[string]any, cache *registry.Cache) (analysis.TokenFilter, error) {
	name, ok := config["dict_token_map"].(string)
	if !ok {
		return nil, fmt.Errorf("%s: dict_token_map is required", germanFilter)
	}
	dict, err := cache.TokenMapNamed(name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", germanFilter, err)
	}
	words := make([]string, 0, len(dict))
	for w := range dict {
		words = append(words, w)
	}
	minWord, minPart := 0, 0
	if v, ok := config["min_word_size"].(float64); ok {
		minWord = int(v)
	}
	if v, ok := config["min_part_size"].(float64); ok {
		minPart = int(v)
	}
	return germanFilterImpl{newTermMemo(textan.NewCompounds(words, minWord, minPart).GermanTerms)}, nil
}

func init() {
	for _, err := range []error{
		registry.RegisterTokenizer(wordsTokenizer, func(map[string]any, *registry.Cache) (analysis.Tokenizer, error) {
			return wordsTokenizerImpl{}, nil
		}),
		registry.RegisterCharFilter(foldFilter, func(map[string]any, *registry.Cache) (analysis.CharFilter, error) {
			return foldFilterImpl{}, nil
		}),
		registry.RegisterTokenFilter(englishFilter, func(map[string]any, *registry.Cache) (analysis.TokenFilter, error) {
			return englishFilterImpl{newTermMemo(textan.EnglishTerm)}, nil
		}),
		registry.RegisterTokenFilter(germanFilter, germanFilterConstructor),
	} {
		if err != nil {
			panic(err)
		}
	}
}
