package tokens

import (
	"slices"
	"strings"
	"sync"
	"testing"
)

// memStore is a Store in memory that counts its calls.
type memStore struct {
	mu         sync.Mutex
	m          map[string][]byte
	gets, puts int
}

func (s *memStore) Get(enc string) ([]byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gets++
	b, ok := s.m[enc]
	return b, ok
}

func (s *memStore) Put(enc string, b []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.puts++
	if s.m == nil {
		s.m = map[string][]byte{}
	}
	s.m[enc] = b
}

// splitOf returns the splitter of a fast encoding.
func splitOf(enc string) splitter { return encodings[enc].split }

// loadIn loads enc as a new process would (the package's loaders load
// once per process) with store.
func loadIn(tb testing.TB, enc string, store Store) *encoding {
	tb.Helper()
	l := &encodingLoader{name: enc, split: splitOf(enc)}
	e, err := l.load(store)
	if err != nil {
		tb.Fatal(err)
	}
	return e
}

// The vocabulary a Store keeps is tiktoken-go's, token for token and rank
// for rank, and an encoding read back from it counts as tiktoken-go does;
// the second load reads the store and puts nothing.
func TestStoredVocabularyIsTiktokens(t *testing.T) {
	texts := slices.Collect(func(yield func(string) bool) {
		for _, s := range edgeCases() {
			if !yield(s) {
				return
			}
		}
	})
	texts = append(texts, generatedTexts(t, 200)...)
	for _, enc := range fastEncodings {
		store := &memStore{}
		loadIn(t, enc, store)
		if store.puts != 1 || store.m[enc] == nil {
			t.Fatalf("%s: loaded from tiktoken-go, %d puts, want 1", enc, store.puts)
		}
		got, err := storedTokens(enc, store.m[enc])
		if err != nil {
			t.Fatalf("%s: the stored vocabulary does not decode: %v", enc, err)
		}
		if want := vocabularyTokens(referenceCodecs()[enc]); !slices.Equal(got, want) {
			t.Fatalf("%s: the stored vocabulary has %d tokens, tiktoken-go %d, or they differ", enc, len(got), len(want))
		}
		gets := store.gets
		e := loadIn(t, enc, store)
		if store.puts != 1 || store.gets == gets {
			t.Fatalf("%s: the second load made %d gets and %d puts, want some and none", enc, store.gets-gets, store.puts-1)
		}
		for r, tok := range got {
			if e.vocab.rank(tok) != uint32(r) {
				t.Fatalf("%s: token %q has rank %d read back, %d in tiktoken-go", enc, tok, e.vocab.rank(tok), r)
			}
		}
		for i, s := range texts {
			if msg := align(t, enc, e, s); msg != "" {
				t.Fatalf("%s, text %d read back from the store: %s", enc, i, msg)
			}
		}
	}
}

// A stored vocabulary that is damaged, truncated, of another encoding or
// not one at all is not read: the encoding is loaded from tiktoken-go and
// stored again.
func TestDamagedStoredVocabularyIsNotRead(t *testing.T) {
	tokens := []string{"a", "b", "ab", "a long token"}
	for b := range 256 {
		tokens = append(tokens, string([]byte{byte(b)}))
	}
	good := storeTokens("test", tokens)
	if got, err := storedTokens("test", good); err != nil || !slices.Equal(got, tokens) {
		t.Fatalf("read back %q, %v", got, err)
	}
	if _, err := storedTokens("other", good); err == nil {
		t.Error("another encoding's vocabulary was read")
	}
	for n := range len(good) {
		if _, err := storedTokens("test", good[:n]); err == nil {
			t.Fatalf("the first %d of %d bytes were read as a vocabulary", n, len(good))
		}
	}
	for i := range good {
		bad := slices.Clone(good)
		bad[i] ^= 0x20
		if _, err := storedTokens("test", bad); err == nil {
			t.Fatalf("a vocabulary with byte %d changed was read", i)
		}
	}

	enc := "cl100k_base"
	for name, b := range map[string][]byte{
		"garbage":          []byte("not a vocabulary"),
		"another encoding": storeTokens("o200k_base", tokens),
		"truncated":        good[:len(good)/2],
		"a byte missing":   storeTokens(enc, tokens[:len(tokens)-1]), // decodes, but byte 0xff is no token
		"duplicate tokens": storeTokens(enc, append(slices.Clone(tokens), "ab")),
	} {
		store := &memStore{m: map[string][]byte{enc: b}}
		e := loadIn(t, enc, store)
		if store.puts != 1 {
			t.Errorf("%s: %d puts, want the vocabulary stored again", name, store.puts)
		}
		if s := strings.Repeat("lore counts tokens. ", 20); e.count(s) != want(t, enc, s) {
			t.Errorf("%s: counts %d, tiktoken-go %d", name, e.count(s), want(t, enc, s))
		}
	}
}

// A store that lacks the vocabulary gets it from a loader that loaded it
// before, from tiktoken-go or from another store.
func TestLoadedVocabularyReachesLaterStores(t *testing.T) {
	for _, enc := range fastEncodings {
		l := &encodingLoader{name: enc, split: splitOf(enc)}
		if _, err := l.load(nil); err != nil {
			t.Fatal(err)
		}
		later := &memStore{}
		if _, err := l.load(later); err != nil {
			t.Fatal(err)
		}
		if later.puts != 1 {
			t.Fatalf("%s: %d puts into a later store, want 1", enc, later.puts)
		}
		if e := loadIn(t, enc, later); e.count(enc+" counted") != want(t, enc, enc+" counted") {
			t.Errorf("%s: the later store's vocabulary counts otherwise", enc)
		}
		if later.puts != 1 {
			t.Errorf("%s: the store was written again (%d puts)", enc, later.puts)
		}
	}
}
