package site

import (
	"testing"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/manual"
)

// listed is a value with an identity, as hosts.Listing.
type listed struct {
	Text string
	id   [32]byte
}

func (l *listed) Identity() ([32]byte, bool) { return l.id, l.id != [32]byte{} }

// TestViewKeyOfIdentifiedValues: a value that says what identifies it is
// keyed by that identity and nothing else of it, so two of one identity
// give one key and two identities two keys; one without an identity (the
// zero one) is keyed by what it holds, as every other value.
func TestViewKeyOfIdentifiedValues(t *testing.T) {
	key := func(v any) cache.Key {
		h := cache.NewHasher("test")
		hashView(h, func(*manual.Manual) cache.Key { return cache.Key{} }, v, nil)
		return h.Sum()
	}
	type view struct {
		Title   string
		Listing *listed
	}
	a, b := [32]byte{1}, [32]byte{2}
	if key(view{"t", &listed{"one text", a}}) != key(view{"t", &listed{"another text", a}}) {
		t.Error("two listings of one identity give two keys")
	}
	if key(view{"t", &listed{"one text", a}}) == key(view{"t", &listed{"one text", b}}) {
		t.Error("two identities give one key")
	}
	if key(view{"t", &listed{"one text", a}}) == key(view{"u", &listed{"one text", a}}) {
		t.Error("the rest of the view is not in the key")
	}
	if key(view{"t", &listed{Text: "one text"}}) == key(view{"t", &listed{Text: "another text"}}) {
		t.Error("a listing without an identity is not keyed by what it holds")
	}
	if key(view{"t", &listed{Text: "one text"}}) == key(view{"t", &listed{"one text", a}}) {
		t.Error("a listing keyed by its text and one keyed by its identity give one key")
	}
}
