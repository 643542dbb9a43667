package tokens

import (
	"bytes"
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
var encodings = map[string]*encodingLoader{
	"o200k_base":  {name: "o200k_base", split: splitO200k},
	"cl100k_base": {name: "cl100k_base", split: splitCl100k},
}

// An encodingLoader loads one encoding once per process.
type encodingLoader struct {
	name  string
	split splitter
	once  sync.Once
	enc   *encoding
	err   error
	// stored is the vocabulary as a Store keeps it (storeTokens), for
	// the stores of counters that come after the load.
	stored []byte
}

// load returns the encoding, loaded on the first call: from store when
// it holds the vocabulary (nil: no store), else from tiktoken-go. A
// store that does not hold the vocabulary (or holds something else)
// gets it, whichever call loaded it.
func (l *encodingLoader) load(store Store) (*encoding, error) {
	l.once.Do(func() { l.enc, l.stored, l.err = loadEncoding(l.name, l.split, store) })
	if l.err == nil && store != nil {
		if b, ok := store.Get(l.name); !ok || !bytes.Equal(b, l.stored) {
			store.Put(l.name, l.stored)
		}
	}
	return l.enc, l.err
}

// loadEncoding loads the named encoding's vocabulary: from store when it
// holds one that decodes (storedTokens), else from tiktoken-go. It
// returns the vocabulary as a Store keeps it too.
func loadEncoding(name string, split splitter, store Store) (*encoding, []byte, error) {
	if store != nil {
		if b, ok := store.Get(name); ok {
			if tokens, err := storedTokens(name, b); err == nil {
				if v, err := newVocabulary(name, tokens); err == nil {
					return &encoding{split: split, classes: bmpClasses(), vocab: v}, b, nil
				}
			}
		}
	}
	var tokens []string
	err := guard.Do(func() error {
		codec, err := tokenizer.Get(tokenizer.Encoding(name))
		if err != nil {
			return err
		}
		tokens = vocabularyTokens(codec)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	v, err := newVocabulary(name, tokens)
	if err != nil {
		return nil, nil, err
	}
	return &encoding{split: split, classes: bmpClasses(), vocab: v}, storeTokens(name, tokens), nil
}
