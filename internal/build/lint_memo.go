package build

import (
	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/manual"
)

// Digest is lint.DigestMemo: a digest of a manual's bytes (ref/duplicate's
// of its body) is kept in the lint table under the manual's identity and
// the digest's kind.
func (l *lintMemo) Digest(m *manual.Manual, kind string, f func() [32]byte) [32]byte {
	id, ok := l.ids[m]
	if !ok {
		return f()
	}
	k := cache.NewHasher("lint-digest").String(kind).Key(id).Sum()
	if b, ok := l.t.Get(k); ok && len(b) == 32 {
		return [32]byte(b)
	}
	d := f()
	l.t.Put(k, d[:])
	return d
}
