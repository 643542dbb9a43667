// Package tokens counts tokens offline with a tiktoken encoding (o200k_base
// by default), caching counts by content hash. Counts equal those of
// tiktoken-go (github.com/tiktoken-go/tokenizer) for every input; for
// o200k_base and cl100k_base they are computed without its regexp engine
// (see encoding.go), several times faster.
package tokens

import (
	"crypto/sha256"
	"fmt"
	"sync"

	"github.com/tiktoken-go/tokenizer"

	"github.com/lorekit/lore/internal/guard"
)

// DefaultEncoding is the encoding used when none is configured.
const DefaultEncoding = "o200k_base"

// Counter counts tokens. It is safe for concurrent use; create one per
// build and share it.
type Counter struct {
	encoding string
	store    Store // nil: none
	once     sync.Once
	count    func(string) (int, error)
	err      error

	mu    sync.RWMutex
	cache map[[32]byte]int
}

// NewCounter returns a counter for encoding ("" for DefaultEncoding). The
// encoding's vocabulary is loaded on first use.
func NewCounter(encoding string) *Counter {
	if encoding == "" {
		encoding = DefaultEncoding
	}
	return &Counter{encoding: encoding, cache: map[[32]byte]int{}}
}

// WithStore makes c read its vocabulary from s, when s holds it, instead
// of loading it from tiktoken-go (which it then puts in s), and returns c.
// Call it before the first count. A vocabulary is loaded once per
// process: the first counter to load it says where from.
func (c *Counter) WithStore(s Store) *Counter {
	c.store = s
	return c
}

// Encoding returns the encoding's name.
func (c *Counter) Encoding() string { return c.encoding }

// Count returns the number of tokens in s.
func (c *Counter) Count(s string) (int, error) {
	if s == "" {
		return 0, nil
	}
	key := sha256.Sum256([]byte(s))
	c.mu.RLock()
	n, ok := c.cache[key]
	c.mu.RUnlock()
	if ok {
		return n, nil
	}
	c.once.Do(c.load)
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.count(s)
	if err != nil {
		return 0, err
	}
	c.mu.Lock()
	c.cache[key] = n
	c.mu.Unlock()
	return n, nil
}

// Load loads the encoding's vocabulary now, unless it is loaded (a count
// that is not cached loads it otherwise), and returns the error of its
// loading: a build starts it beside the reading of the manuals, so that
// the 70 ms it takes at 10,000 manuals are not spent waiting.
func (c *Counter) Load() error {
	c.once.Do(c.load)
	return c.err
}

// load sets c.count to the encoding's counter, or c.err.
func (c *Counter) load() {
	if l, ok := encodings[c.encoding]; ok {
		enc, err := l.load(c.store)
		if err != nil {
			c.err = fmt.Errorf("token encoding %q: %w", c.encoding, err)
			return
		}
		c.count = func(s string) (int, error) { return enc.count(s), nil }
		return
	}
	var codec tokenizer.Codec
	c.err = guard.Do(func() (err error) {
		codec, err = tokenizer.Get(tokenizer.Encoding(c.encoding))
		return err
	})
	if c.err != nil {
		c.err = fmt.Errorf("token encoding %q: %w (use o200k_base or cl100k_base)", c.encoding, c.err)
		return
	}
	c.count = func(s string) (n int, err error) {
		err = guard.Do(func() (err error) {
			n, err = codec.Count(s)
			return err
		})
		return n, err
	}
}

// MustCount is Count for callers that validated the encoding already; it
// returns 0 on error.
func (c *Counter) MustCount(s string) int {
	n, _ := c.Count(s)
	return n
}
