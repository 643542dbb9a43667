package build

import (
	"github.com/lorekit/lore/internal/cache"
)

// vocabularyTable keeps the token vocabularies (tokens.Store) in the
// build cache: one entry per encoding, under vocabularyKey.
const vocabularyTable = "vocabularies"

// tokenStore is the build cache as the token counter's store of
// vocabularies: what tiktoken-go's vocabulary is made into once is read
// back by the next lore build (a small project's build spent a third of
// its CPU loading it). The cache is the one of this lore on this machine
// (cache.Open), and the counter checks what it reads.
type tokenStore struct{ t *cache.Table }

func vocabularyKey(encoding string) cache.Key {
	return cache.NewHasher("tokens/vocabulary").String(encoding).Sum()
}

func (s tokenStore) Get(encoding string) ([]byte, bool) { return s.t.Get(vocabularyKey(encoding)) }

func (s tokenStore) Put(encoding string, b []byte) { s.t.Put(vocabularyKey(encoding), b) }

// keepVocabulary keeps the encoding's stored vocabulary in the cache c
// (nil: none) for the next build, which a build whose process had it
// loaded already does not read.
func keepVocabulary(c *cache.Cache, encoding string) {
	if c != nil {
		c.Table(vocabularyTable).Keep(vocabularyKey(encoding))
	}
}
