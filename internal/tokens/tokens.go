// Package tokens counts tokens offline with a tiktoken encoding (o200k_base
// by default), caching counts by content hash.
package tokens

import (
	"crypto/sha256"
	"fmt"
	"sync"

	"github.com/tiktoken-go/tokenizer"
)

// DefaultEncoding is the encoding used when none is configured.
const DefaultEncoding = "o200k_base"

// Counter counts tokens. It is safe for concurrent use; create one per
// build and share it.
type Counter struct {
	encoding string
	once     sync.Once
	codec    tokenizer.Codec
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
	c.once.Do(func() {
		c.codec, c.err = tokenizer.Get(tokenizer.Encoding(c.encoding))
		if c.err != nil {
			c.err = fmt.Errorf("token encoding %q: %w (use o200k_base or cl100k_base)", c.encoding, c.err)
		}
	})
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.codec.Count(s)
	if err != nil {
		return 0, err
	}
	c.mu.Lock()
	c.cache[key] = n
	c.mu.Unlock()
	return n, nil
}

// MustCount is Count for callers that validated the encoding already; it
// returns 0 on error.
func (c *Counter) MustCount(s string) int {
	n, _ := c.Count(s)
	return n
}
