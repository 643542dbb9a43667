package tokens

import (
	"sync"

	"github.com/tiktoken-go/tokenizer"

	"github.com/lorekit/lore/internal/guard"
)

// An encoding counts tokens as tiktoken-go does, without its regexp
// engine: a hand-written splitter for the encoding's split pattern, then
// byte-pair merges over tiktoken-go's own vocabulary.
type encoding struct {
	split   splitter
	classes *classTable
	vocab   *vocabulary
}

// count returns the number of tokens of s.
func (e *encoding) count(s string) int {
	n := 0
	for i := 0; i < len(s); {
		j := e.split(e.classes, s, i)
		if j == i { // a rune no branch matches: no token
			_, w := e.classes.at(s, i)
			i += w
			continue
		}
		n += e.vocab.count(s[i:j])
		i = j
	}
	return n
}

// encodings are the encodings counted without tiktoken-go's splitter,
// each loaded once per process and never changed after; other encodings
// tiktoken-go knows are counted by tiktoken-go itself.
var encodings = map[string]func() (*encoding, error){
	"o200k_base":  sync.OnceValues(func() (*encoding, error) { return loadEncoding("o200k_base", splitO200k) }),
	"cl100k_base": sync.OnceValues(func() (*encoding, error) { return loadEncoding("cl100k_base", splitCl100k) }),
}

// loadEncoding loads the named encoding's vocabulary from tiktoken-go.
func loadEncoding(name string, split splitter) (*encoding, error) {
	var v *vocabulary
	err := guard.Do(func() error {
		codec, err := tokenizer.Get(tokenizer.Encoding(name))
		if err != nil {
			return err
		}
		v, err = loadVocabulary(codec)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &encoding{split: split, classes: bmpClasses(), vocab: v}, nil
}
